// The interest terms a period runs under: a rate setting and a day-count setting, both versioned, read on
// the period's first day and again at every change of either within it (src/domain/marginInterest.ts cuts
// its pieces there). The supplier margin and the client margin each name their own two settings.
import type { DayCount, InterestTerms } from '../../../src/domain/marginInterest.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { settingOn } from '../../platform/settings.ts';

export async function interestTermsOn(
  db: Queryable,
  keys: { rate: string; dayCount: string },
  from: string,
  through: string,
): Promise<InterestTerms[]> {
  const changes = await db.query<{ day: string }>(
    `select distinct to_char(effective_from, 'YYYY-MM-DD') as day from system_settings
      where setting_key in ($1, $2) and effective_from > $3::date and effective_from <= $4::date
      order by day`,
    [keys.rate, keys.dayCount, from, through],
  );
  const terms: InterestTerms[] = [];
  for (const day of [from, ...changes.map((row) => row.day)])
    terms.push({
      effectiveFrom: day,
      ratePercent: await settingOn(db, keys.rate, day),
      dayCount: (await settingOn(db, keys.dayCount, day)) as DayCount,
    });
  return terms;
}
