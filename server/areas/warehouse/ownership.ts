// Where a batch's ownership is stored (src/areas/warehouse/ownership.ts; columns of migration 020).
import { OWN_STOCK } from '../../../src/areas/warehouse/dictionaries.ts';
import type { ColumnSpec } from '../../platform/resources/storage.ts';

export const batchOwnershipColumns: Readonly<Record<string, ColumnSpec>> = {
  // A batch saved without an owner kind (an older form, an import) is own stock.
  ownerKind: { read: 't.owner_kind', write: 'owner_kind', encode: (value) => value ?? OWN_STOCK },
};
