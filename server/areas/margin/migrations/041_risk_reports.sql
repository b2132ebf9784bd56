-- The risk reports of client margin (issue 13), read-only views over the contracts and the margin ledger:
-- per contract (RiskStatementContract), per client (RiskSaleControlReport, RiskControlMargin) and the history
-- of calls and forced pricings (SaleRiskRecord). The migration also carries the screens' grants.

-- Each sale contract priced later and in force, or holding margin: its fixed and open tonnes, the margin
-- allotted to it and its own share of the requirement by the rule of domain.md §4 (m0 × open +
-- max(0, F̄_fix − F_now) × fixed unpaid, plus for deferred pricing with goods out (F_now + B) × W_out; nothing
-- records payments yet, so every fixed tonne is unpaid and nothing paid provisionally, as the requirement
-- check reads them). m0 is the client's own margin set in force, else the setting's; F_now the month's latest
-- settlement price. The call state is the client's latest call.
create view risk_contract_statements as
select s.*, s.open_term + s.fixed_loss_term + s.goods_out_term as requirement
  from (
select c.id, c.id as contract_id, c.partner_id, r.salesperson_id, c.side, c.kind, c.futures_month,
       c.tonnage, c.fixed_tonnage, c.tonnage - c.fixed_tonnage as open_tonnage, c.average_fixed_price,
       f.settlement_price, coalesce(a.allotted, 0) as allotted,
       round(m.m0 * (c.tonnage - c.fixed_tonnage), 2) as open_term,
       round(greatest(0, coalesce(c.average_fixed_price - f.settlement_price, 0)) * c.fixed_tonnage, 2)
         as fixed_loss_term,
       case when c.kind = 'deferred' and f.settlement_price is not null
            then round(greatest(0, (f.settlement_price + coalesce(c.basis, 0)) * g.goods_out), 2) else 0 end
         as goods_out_term,
       coalesce((select k.status from margin_calls k where k.partner_id = c.partner_id order by k.id desc limit 1),
                'none') as call_status
  from transaction_contracts c
  left join client_relations r on r.client_id = c.partner_id
  left join (
    select contract_id,
           sum(case kind when 'allot' then amount when 'release' then -amount else 0 end) as allotted
      from client_margin_movements where contract_id is not null group by contract_id
  ) a on a.contract_id = c.id
  left join lateral (
    select p.settlement_price from futures_prices p
     where p.futures_month = c.futures_month and p.settlement_price is not null
     order by p.trade_date desc limit 1
  ) f on true
  cross join lateral (
    select coalesce(
             (select s.initial_margin_per_tonne from client_margin_sets s
               where s.partner_id = c.partner_id and s.effective_from <= current_date
               order by s.effective_from desc limit 1),
             (select v.value::numeric from system_settings v
               where v.setting_key = 'initialMarginPerTonne'
               order by v.effective_from <= current_date desc, v.effective_from desc limit 1),
             0) as m0
  ) m
  cross join lateral (
    select coalesce(sum(l.conditioned_weight), 0) as goods_out
      from transaction_contract_lines l join batches b on b.batch_no = l.batch_no
     where l.contract_id = c.id and b.status = 'out'
  ) g
 where c.side = 'sale'
   and ((c.kind in ('basis', 'deferred') and c.status in ('approved', 'executing')) or a.contract_id is not null)
  ) s;

-- Each client holding margin, owing it or with a contract above: its open and fixed unpaid tonnes, its
-- account (balance, allotted, available), the requirement last computed and what it lacks against it and
-- against the call line, and its open call if any.
create view risk_client_positions as
select p.id, p.id as partner_id, r.salesperson_id,
       coalesce(t.contracts, 0)::integer as contracts,
       coalesce(t.open_tonnage, 0) as open_tonnage,
       coalesce(t.fixed_unpaid_tonnage, 0) as fixed_unpaid_tonnage,
       coalesce(b.balance, 0) as balance,
       coalesce(b.allotted, 0) as allotted,
       coalesce(b.available, 0) as available,
       coalesce(b.requirement, 0) as requirement,
       coalesce(b.call_line, 0) as call_line,
       coalesce(b.forced_line, 0) as forced_line,
       coalesce(b.shortfall, 0) as shortfall,
       greatest(0, coalesce(b.call_line, 0) - coalesce(b.balance, 0)) as below_call_line,
       round(coalesce(b.balance, 0) * 100 / nullif(b.requirement, 0), 2) as coverage_percent,
       coalesce(b.call_status, 'none') as call_status,
       k.call_no as open_call_no, k.amount as open_call_amount, k.deadline as open_call_deadline,
       b.computed_at
  from partners p
  left join client_relations r on r.client_id = p.id
  left join client_margin_balances b on b.partner_id = p.id
  left join (
    select partner_id, count(*) as contracts, sum(open_tonnage) as open_tonnage,
           sum(fixed_tonnage) as fixed_unpaid_tonnage
      from risk_contract_statements group by partner_id
  ) t on t.partner_id = p.id
  left join margin_calls k on k.partner_id = p.id and k.status = 'open'
 where b.partner_id is not null or t.partner_id is not null;

-- The history of the calls (opened, met, forced-priced) and of the forced fixings they made, from the
-- documents' history: who, when, the call's figures and, for a forced fixing, the contract and the tonnes
-- fixed in that act. The amount called is on the opening only, so a total counts each call once.
create view risk_records as
select h.id, h.at, h.action as event, h.to_state as state, k.id as call_id, k.call_no, k.partner_id,
       k.salesperson_id, null::bigint as contract_id, null::numeric as fixed_tonnage, null::numeric as fixed_price,
       k.requirement, k.balance, case when h.action = 'open' then k.amount end as amount, h.user_id, h.comment
  from document_history h
  join margin_calls k on h.resource_key = 'marginCall' and k.id::text = h.record_id
union all
select h.id, h.at, h.action, 'forcedPriced', k.id, k.call_no, c.partner_id, k.salesperson_id, c.id,
       (select sum(x.tonnage) from contract_fixings x where x.contract_id = c.id and x.forced and x.fixed_at = h.at),
       (select max(x.futures_price) from contract_fixings x where x.contract_id = c.id and x.forced and x.fixed_at = h.at),
       k.requirement, k.balance, null, h.user_id, h.comment
  from document_history h
  join transaction_contracts c on h.resource_key = 'transactionContract' and h.action = 'forceFix'
   and c.id::text = h.record_id
  left join margin_calls k on k.partner_id = c.partner_id and k.status = 'forcedPriced' and k.closed_at = h.at;
