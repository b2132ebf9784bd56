// Partners on the server: the partner records, their relations, margin settings and accounts, the picker list.
import { partnersArea } from '../../../src/areas/partners/index.ts';
import { SYSTEM_MIGRATION } from '../../platform/db/seed/system.ts';
import type { ServerArea } from '../../platform/resources/area.ts';
import { partnerListCall } from './calls.ts';
import { partnersDemo } from './demo.ts';
import { partnersStorage } from './storage.ts';

export const partners: ServerArea = {
  key: 'partners',
  declarations: partnersArea,
  storage: partnersStorage,
  grants: {},
  calls: partnerListCall,
  demo: partnersDemo,
  // Contacts 001 kept on the partner row become line items (002).
  seed: async (tx, { pending }) => {
    if (!pending.includes(SYSTEM_MIGRATION)) return;
    await tx.query(
      `insert into partner_contacts (partner_id, name, phone)
       select p.id, p.contact_name, p.contact_phone from partners p
        where p.contact_name is not null and p.contact_phone is not null
          and not exists (select 1 from partner_contacts c where c.partner_id = p.id)`,
    );
  },
};
