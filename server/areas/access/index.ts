// Access on the server: users, roles and rights, departments, the menu tree, user groups, operation record.
import { accessArea } from '../../../src/areas/access/index.ts';
import type { ServerArea } from '../../platform/resources/area.ts';
import { grantTreeCall } from './grants.ts';
import { accessReferenceNames, accessStorage } from './storage.ts';

export const access: ServerArea = {
  key: 'access',
  declarations: accessArea,
  storage: accessStorage,
  grants: {},
  referenceNames: accessReferenceNames,
  calls: grantTreeCall,
};
