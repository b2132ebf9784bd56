// Access: who may do what — the menu tree, roles, users, departments, user groups, and the operation record.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { operationRecord } from './operationRecord.ts';
import { moduleResource, org, role, user, userGroup } from './resources.ts';

export { moduleResource, operationRecord, org, role, user, userGroup };

export const accessArea = defineArea(area, {
  resources: [moduleResource, role, user, org, userGroup, operationRecord],
});
