// Who may do what: the menu tree (modules), roles with permission codes per module, users, departments
// and user groups (spec 2.4, 6).

import { defineResource } from '../../shared/resource/index.ts';
import { crudPermissions, enabledWorkflow } from './workflows.ts';

const CODE_PATTERN = '[A-Za-z][A-Za-z0-9_]{1,63}';
const PHONE_PATTERN = '1\\d{10}';

/** A permission code a module offers (view, create, approve …), shown in role assignment. */
export const modulePermission = defineResource({
  key: 'modulePermission',
  area: 'pri',
  resource: 'modulePermission',
  title: 'field.permissionCodes',
  titleField: 'code',
  fields: {
    code: {
      label: 'field.permissionCode',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'pattern', value: CODE_PATTERN, message: 'validation.code' }],
    },
    name: {
      label: 'field.name',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
  },
  list: { columns: ['code', 'name'], filters: [] },
  form: { fields: ['code', 'name'] },
  permissions: {},
});

/** The menu tree: groups and leaves; a leaf's code is a route meta key. Users' menus follow it. */
export const moduleResource = defineResource({
  key: 'module',
  area: 'pri',
  resource: 'module',
  title: 'route.moduleList',
  titleField: 'title',
  fields: {
    code: {
      label: 'field.moduleCode',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'pattern', value: CODE_PATTERN, message: 'validation.code' }],
    },
    title: {
      label: 'field.title',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    parentId: { label: 'field.parentModule', type: 'reference', resource: 'module' },
    kind: {
      label: 'field.moduleKind',
      type: 'enum',
      dictionary: 'moduleKind',
      rules: [{ kind: 'required' }],
    },
    path: { label: 'field.path', type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    icon: { label: 'field.icon', type: 'text', rules: [{ kind: 'maxLength', value: 64 }] },
    sort: { label: 'field.sort', type: 'integer', rules: [{ kind: 'min', value: 0 }] },
    hidden: { label: 'field.hidden', type: 'boolean' },
  },
  list: {
    columns: ['title', 'code', 'kind', 'parentId', 'path', 'sort', 'hidden'],
    filters: ['title', 'code', 'kind', 'hidden'],
    defaultSort: { field: 'sort', order: 'asc' },
  },
  form: { fields: ['parentId', 'kind', 'code', 'title', 'path', 'icon', 'sort', 'hidden'] },
  lines: { key: 'permissionCodes', title: 'field.permissionCodes', declaration: modulePermission },
  permissions: crudPermissions,
});

/** The codes a role holds on one module. */
export const rolePermission = defineResource({
  key: 'rolePermission',
  area: 'pri',
  resource: 'rolePermission',
  title: 'field.permissions',
  titleField: 'moduleId',
  fields: {
    moduleId: { label: 'field.module', type: 'reference', resource: 'module', rules: [{ kind: 'required' }] },
    codes: {
      label: 'field.permissionCodes',
      type: 'enum',
      dictionary: 'permissionCode',
      multiple: true,
      rules: [{ kind: 'required' }],
    },
  },
  list: { columns: ['moduleId', 'codes'], filters: [] },
  form: { fields: ['moduleId', 'codes'] },
  permissions: {},
});

export const role = defineResource({
  key: 'role',
  area: 'pri',
  resource: 'role',
  title: 'route.roleList',
  titleField: 'name',
  fields: {
    name: {
      label: 'field.name',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    code: {
      label: 'field.code',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'pattern', value: CODE_PATTERN, message: 'validation.code' }],
    },
    remark: { label: 'field.remark', type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
    status: { label: 'field.status', type: 'enum', dictionary: 'enabledState', readOnly: true },
  },
  list: { columns: ['name', 'code', 'status', 'remark'], filters: ['name', 'status'] },
  form: { fields: ['name', 'code', 'remark'] },
  lines: { key: 'permissions', title: 'field.permissions', declaration: rolePermission },
  workflow: enabledWorkflow,
  permissions: crudPermissions,
});

export const user = defineResource({
  key: 'user',
  area: 'pri',
  resource: 'user',
  title: 'route.userList',
  titleField: 'relName',
  fields: {
    loginName: {
      label: 'field.loginName',
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '[a-zA-Z0-9_.]{3,32}', message: 'validation.loginName' },
      ],
    },
    relName: {
      label: 'field.relName',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    phone: {
      label: 'field.phone',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'pattern', value: PHONE_PATTERN, message: 'validation.phone' }],
    },
    email: {
      label: 'field.email',
      type: 'text',
      rules: [{ kind: 'pattern', value: '[^@\\s]+@[^@\\s]+\\.[^@\\s]+', message: 'validation.email' }],
    },
    departmentId: { label: 'field.department', type: 'department', rules: [{ kind: 'required' }] },
    roleIds: {
      label: 'field.roles',
      type: 'reference',
      resource: 'role',
      multiple: true,
      rules: [{ kind: 'required' }],
    },
    status: { label: 'field.status', type: 'enum', dictionary: 'enabledState', readOnly: true },
    lastLoginTime: { label: 'field.lastLoginTime', type: 'datetime', readOnly: true },
  },
  list: {
    columns: ['loginName', 'relName', 'phone', 'departmentId', 'roleIds', 'status', 'lastLoginTime'],
    filters: ['loginName', 'relName', 'phone', 'departmentId', 'status'],
    defaultSort: { field: 'loginName', order: 'asc' },
  },
  form: { fields: ['loginName', 'relName', 'phone', 'email', 'departmentId', 'roleIds'] },
  workflow: {
    ...enabledWorkflow,
    transitions: [
      ...enabledWorkflow.transitions,
      // The server sets a temporary password and records who reset it; the state stays.
      {
        from: ['enabled'],
        to: 'enabled',
        action: 'resetPassword',
        permission: 'resetPassword',
        danger: true,
      },
    ],
  },
  permissions: crudPermissions,
});

/** The department tree. */
export const org = defineResource({
  key: 'org',
  area: 'pri',
  resource: 'org',
  title: 'route.orgList',
  titleField: 'name',
  fields: {
    name: {
      label: 'field.name',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }],
    },
    code: {
      label: 'field.code',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'pattern', value: CODE_PATTERN, message: 'validation.code' }],
    },
    parentId: { label: 'field.parentDepartment', type: 'department' },
    leaderId: { label: 'field.leader', type: 'user' },
    phone: { label: 'field.phone', type: 'text', rules: [{ kind: 'maxLength', value: 20 }] },
    sort: { label: 'field.sort', type: 'integer', rules: [{ kind: 'min', value: 0 }] },
    remark: { label: 'field.remark', type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
  },
  list: {
    columns: ['name', 'code', 'parentId', 'leaderId', 'phone', 'sort'],
    filters: ['name', 'parentId'],
    defaultSort: { field: 'sort', order: 'asc' },
  },
  form: { fields: ['parentId', 'name', 'code', 'leaderId', 'phone', 'sort', 'remark'] },
  permissions: crudPermissions,
});

export const userGroup = defineResource({
  key: 'userGroup',
  area: 'pri',
  resource: 'userGroup',
  title: 'route.userGroupList',
  titleField: 'name',
  fields: {
    name: {
      label: 'field.name',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }],
    },
    memberIds: { label: 'field.members', type: 'reference', resource: 'user', multiple: true },
    remark: { label: 'field.remark', type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
  },
  list: { columns: ['name', 'memberIds', 'remark'], filters: ['name'] },
  form: { fields: ['name', 'memberIds', 'remark'] },
  permissions: crudPermissions,
});
