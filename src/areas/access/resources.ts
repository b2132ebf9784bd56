// Who may do what: the menu tree (modules), roles with permission codes per module, users, departments
// and user groups (spec 2.4, 6).

import { defineResource } from '../../framework/resource/index.ts';
import { crudPermissions, enabledWorkflow } from '../../framework/resource/workflows.ts';

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
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'pattern', value: CODE_PATTERN, message: 'validation.code' }],
    },
    name: {
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
  title: 'access:route.moduleList',
  titleField: 'title',
  fields: {
    code: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'pattern', value: CODE_PATTERN, message: 'validation.code' }],
    },
    title: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    parentId: { type: 'reference', resource: 'module' },
    kind: {
      type: 'enum',
      dictionary: 'moduleKind',
      rules: [{ kind: 'required' }],
    },
    path: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    icon: { type: 'text', rules: [{ kind: 'maxLength', value: 64 }] },
    sort: { type: 'integer', rules: [{ kind: 'min', value: 0 }] },
    hidden: { type: 'boolean' },
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
    moduleId: { type: 'reference', resource: 'module', rules: [{ kind: 'required' }] },
    codes: {
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
  title: 'access:route.roleList',
  titleField: 'name',
  fields: {
    name: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    code: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'pattern', value: CODE_PATTERN, message: 'validation.code' }],
    },
    remark: { type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
    status: { type: 'enum', dictionary: 'enabledState', readOnly: true },
    /** Holds every code on every module ('*', the administrator's), beyond its lines. */
    allRights: { type: 'boolean', readOnly: true },
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
  title: 'access:route.userList',
  titleField: 'relName',
  fields: {
    loginName: {
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '[a-zA-Z0-9_.]{3,32}', message: 'validation.loginName' },
      ],
    },
    relName: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    phone: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'pattern', value: PHONE_PATTERN, message: 'validation.phone' }],
    },
    email: {
      type: 'text',
      rules: [{ kind: 'pattern', value: '[^@\\s]+@[^@\\s]+\\.[^@\\s]+', message: 'validation.email' }],
    },
    departmentId: { type: 'department', rules: [{ kind: 'required' }] },
    roleIds: {
      type: 'reference',
      resource: 'role',
      multiple: true,
      rules: [{ kind: 'required' }],
    },
    status: { type: 'enum', dictionary: 'enabledState', readOnly: true },
    lastLoginTime: { type: 'datetime', readOnly: true },
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
  title: 'access:route.orgList',
  titleField: 'name',
  fields: {
    name: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }],
    },
    code: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'pattern', value: CODE_PATTERN, message: 'validation.code' }],
    },
    parentId: { type: 'department' },
    leaderId: { type: 'user' },
    phone: { type: 'text', rules: [{ kind: 'maxLength', value: 20 }] },
    sort: { type: 'integer', rules: [{ kind: 'min', value: 0 }] },
    remark: { type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
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
  title: 'access:route.userGroupList',
  titleField: 'name',
  fields: {
    name: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }],
    },
    memberIds: { type: 'reference', resource: 'user', multiple: true },
    remark: { type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
  },
  list: { columns: ['name', 'memberIds', 'remark'], filters: ['name'] },
  form: { fields: ['name', 'memberIds', 'remark'] },
  permissions: crudPermissions,
});
