// Storage of the partners area (tables of 001 and 002).

import { childLines } from '../../platform/resources/lines.ts';
import type { ResourceStorage } from '../../platform/resources/storage.ts';

const partner: ResourceStorage = {
  table: 'partners',
  unique: ['name'],
  lines: childLines('partner_contacts', 'partner_id', { name: 'name', phone: 'phone', position: 'position' }),
};

export const partnersStorage: Readonly<Record<string, ResourceStorage>> = {
  partner,
  partnerAssociation: {
    table: 'partner_associations',
    clientScope: { names: 'array[t.partner_id, t.related_partner_id]' },
  },
  clientMarginSet: { table: 'client_margin_sets', clientScope: 'partner_id' },
  partnerManagementAccount: {
    table: 'partner_management_accounts',
    unique: ['accountNo'],
    clientScope: { names: 'array[t.partner_id]' },
  },
};
