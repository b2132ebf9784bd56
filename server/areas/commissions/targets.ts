// Targets (SM-12): the actual of a target read live from the settlements confirmed in its month on its side
// (targetBasis `settled`): tonnes delivered, revenue excl. VAT, or the GP of the commission lines computed
// for them; a person's own contracts, or those of the team's members. Completion = actual / target.
import type { ResourceStorage } from '../../platform/resources/storage.ts';

/** The contracts' owners the target counts: the person, or every member of the team. */
const OWNERS = `(case when t.person_id is not null then array[t.person_id]
                     else array(select u.id from users u where u.department_id = t.department_id) end)`;

const SETTLED = `s.side = t.side and s.status = 'confirmed' and to_char(s.confirmed_on, 'YYYY-MM') = t.period
     and c.salesperson_id = any(${OWNERS})`;

const ACTUAL = `(case t.metric
  when 'tonnes' then (select coalesce(sum(l.weight), 0) from settlement_lines l
                        join settlements s on s.id = l.settlement_id
                        join transaction_contracts c on c.id = s.contract_id
                       where ${SETTLED} and l.line_kind = 'goods')
  when 'revenue' then (select coalesce(sum(s.amount_excl), 0) from settlements s
                         join transaction_contracts c on c.id = s.contract_id where ${SETTLED})
  else (select coalesce(sum(x.gross_profit), 0) from commission_lines x
          join commission_runs r on r.id = x.run_id
         where x.line_kind = 'commission' and x.role = case t.side when 'sale' then 'salesperson' else 'purchaser' end
           and to_char(x.settle_date, 'YYYY-MM') = t.period and x.person_id = any(${OWNERS})) end)`;

export const targetStorage: ResourceStorage = {
  table: 'commission_targets',
  columns: {
    actualValue: { read: ACTUAL },
    completionPercent: { read: `round(${ACTUAL} * 100 / t.target_value, 2)` },
  },
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
};
