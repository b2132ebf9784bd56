// Which clients a user serves. The relation is kept by a business area (the sales desk's client relations);
// that area names its table once (ServerArea.clientRelation), so the platform can bound the reach of a user
// tied to their own clients without knowing the area.

export interface ClientRelation {
  /** The table relating a user to a client, one row per client. */
  table: string;
  /** Its column holding the client (a partner id). */
  client: string;
  /** Its column holding the user serving that client. */
  user: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

let relation: ClientRelation | undefined;

/** Names the relation (from code only: its names are written into SQL). */
export function keepClientRelation(kept: ClientRelation): void {
  if (![kept.table, kept.client, kept.user].every((name) => IDENTIFIER.test(name)))
    throw new Error(`Unusable client relation ${JSON.stringify(kept)}`);
  relation = kept;
}

/** The table of the relation, when an area keeps one. */
export const clientRelationTable = (): string | undefined => relation?.table;

/** SQL selecting the ids of the clients the user (a parameter placeholder) serves; none without a relation. */
export function clientsOfUser(userParameter: string): string {
  if (!relation) return 'select null::bigint where false';
  return `select r.${relation.client} from ${relation.table} r where r.${relation.user} = ${userParameter}::bigint`;
}
