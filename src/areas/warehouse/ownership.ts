// Whose goods a batch is (domain.md §7 ownership): the house's own stock, goods a client owns that the
// house holds for it, or goods a supplier still owns. Declared apart from the batch's certificate fields;
// the batch declaration spreads them in. The words are the tenant's (selfOwned, propertyClient,
// propertySupply), seeded into the ownerKind dictionary (dictionaries.ts) from the tenant config.

import { customRule, requiredWhen } from '../../framework/resource/index.ts';
import { OWN_STOCK } from './dictionaries.ts';

const ownedByOther = (record: Readonly<Record<string, unknown>>) =>
  Boolean(record.ownerKind) && record.ownerKind !== OWN_STOCK;

/** Own stock names no owner: the house is the owner. */
const noOwnerOfOwnStock = customRule(
  'validation.ownerOfOwnStock',
  (value, record) => ownedByOther(record) || value === null || value === undefined || value === '',
);

export const batchOwnershipFields = {
  ownerKind: { label: 'field.ownerKind', type: 'enum', dictionary: 'ownerKind' },
  ownerId: {
    label: 'field.owner',
    type: 'partner',
    rules: [requiredWhen(ownedByOther, 'validation.ownerRequired'), noOwnerOfOwnStock],
  },
} as const;

export const batchOwnershipFormFields = ['ownerKind', 'ownerId'] as const;
