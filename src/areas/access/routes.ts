// The screens of the access area: the spec's routes it renders, each bound to its declaration.
import { type BusinessRoute, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  shell('moduleList', '/pri/module/list', 'list', 'module'),
  shell('operationRecordList', '/pri/operationRecord/list', 'list', 'operationRecord'),
  shell('orgList', '/pri/org/list', 'list', 'org'),
  shell('roleList', '/pri/role/list', 'list', 'role'),
  shell('userList', '/pri/user/list', 'list', 'user'),
  shell('userGroupList', '/pri/userGroup/list', 'list', 'userGroup'),
];
