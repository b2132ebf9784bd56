// The owner kind the code names (light data): a batch's ownership fields (ownership.ts), the server's
// column default and the ownerKind dictionary's seed (dictionaries.ts) take it from here.

/** A batch saved without an owner kind is own stock (the column's default too). */
export const OWN_STOCK = 'own';
