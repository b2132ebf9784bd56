// The operation record: every change, who and when.

import { defineResource } from '../../framework/resource/index.ts';

/** Every change of every resource, written by the server's generic handlers; nobody edits it. */
export const operationRecord = defineResource({
  key: 'operationRecord',
  area: 'pri',
  resource: 'operationRecord',
  title: 'access:route.operationRecordList',
  titleField: 'summary',
  fields: {
    time: { type: 'datetime' },
    userId: { type: 'user' },
    resourceKey: { type: 'enum', dictionary: 'operationModule' },
    action: { type: 'enum', dictionary: 'operationAction' },
    recordId: { type: 'text' },
    summary: { type: 'longText' },
    ip: { type: 'text' },
  },
  list: {
    columns: [
      'time',
      'userId',
      'resourceKey',
      'action',
      'recordId',
      'summary',
      { field: 'ip', hiddenByDefault: true },
    ],
    filters: ['time', 'userId', 'resourceKey', 'action', 'recordId'],
    defaultSort: { field: 'time', order: 'desc' },
  },
  permissions: { view: 'view', export: 'export' },
});
