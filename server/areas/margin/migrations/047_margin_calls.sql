-- Issue 21: a margin call asks for the full requirement and shows its current figures while open; it is met
-- when the balance reaches its target (the requirement, or the call line where the house's setting
-- marginCallMetRule says so), and says the consequence that applies (forcing threatened while open, forcing
-- done once forced). Calls raised before this version were met at the call line: their target is that line.
alter table margin_calls
  add column target numeric(16, 2),
  add column met_rule text not null default 'requirement' check (met_rule in ('requirement', 'callLine')),
  add column consequence text,
  add column figures_on date;
update margin_calls set target = call_line, met_rule = 'callLine', figures_on = opened_on;

-- Interest the house pays on a client's margin balance, computed by period (the interest movement of a
-- period names it; a client's periods never overlap, checked by the computation under the client's lock).
alter table client_margin_movements
  add column interest_from date,
  add column interest_through date,
  add constraint client_margin_interest_period check (
    (interest_from is null) = (interest_through is null)
    and (interest_from is null or (kind = 'interest' and interest_through >= interest_from)));
create index client_margin_interest_periods on client_margin_movements (partner_id, interest_from)
  where interest_from is not null;

-- The risk notice prints the call's current figures and the consequence that applies; a template the house
-- edited is left as it is.
update contract_templates set content = '风险告知书（追加保证金通知）
通知编号：{{callNo}}
发出日期：{{openedOn}}

致 {{partnerId}}：根据双方合同约定的保证金条款，贵方在我方的保证金账户已低于追加保证金线，特此告知。

截至 {{figuresOn}}，按 {{futuresMonth}} 结算价 {{settlementPrice}} 元/吨计算，贵方保证金需求为 {{requirement}} 元，保证金余额为 {{balance}} 元，低于追加保证金线 {{callLine}} 元，应追加保证金 {{amount}} 元（大写：{{amountInWords}}）。

{{consequence}}。

期货价格波动可能使贵方的损失超过已交存的保证金，请贵方充分了解并审慎管理风险。'
 where document = 'riskNotice' and variant = 'riskNoticePrint' and content = '风险告知书（追加保证金通知）
通知编号：{{callNo}}
发出日期：{{openedOn}}

致 {{partnerId}}：根据双方合同约定的保证金条款，贵方在我方的保证金账户已低于追加保证金线，特此告知。

截至 {{openedOn}}，按 {{futuresMonth}} 结算价 {{settlementPrice}} 元/吨计算，贵方保证金需求为 {{requirement}} 元，保证金余额为 {{balance}} 元，低于追加保证金线 {{callLine}} 元。

请贵方于 {{deadline}}（含当日）交易所收盘前追加保证金 {{amount}} 元（大写：{{amountInWords}}），使保证金余额不低于保证金需求。

逾期未足额追加，或期间保证金余额低于强制点价线 {{forcedLine}} 元的，我方有权按合同约定以当日结算价对贵方未点价数量强制点价，由此产生的损失由贵方承担。

期货价格波动可能使贵方的损失超过已交存的保证金，请贵方充分了解并审慎管理风险。';

-- The risk statement per contract reads F̄ unrounded (rounding once, in the amount) and the tonnes out by the
-- one delivery rule (contract_delivered_tonnage), as the requirement does.
create or replace view risk_contract_statements as
select s.*, s.open_term + s.fixed_loss_term + s.goods_out_term as requirement
  from (
select c.id, c.id as contract_id, c.partner_id, r.salesperson_id, c.side, c.kind, c.futures_month,
       c.tonnage, c.fixed_tonnage, c.tonnage - c.fixed_tonnage as open_tonnage, c.average_fixed_price,
       f.settlement_price, coalesce(a.allotted, 0) as allotted,
       round(m.m0 * (c.tonnage - c.fixed_tonnage), 2) as open_term,
       case when c.fixed_tonnage > 0 and f.settlement_price is not null
            then round(greatest(0, c.fixed_futures_amount - f.settlement_price * c.fixed_tonnage), 2) else 0 end
         as fixed_loss_term,
       case when c.kind = 'deferred' and f.settlement_price is not null
            then round(greatest(0, (f.settlement_price + coalesce(c.basis, 0)) * contract_delivered_tonnage(c.id)), 2)
            else 0 end
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
 where c.side = 'sale'
   and ((c.kind in ('basis', 'deferred') and c.status in ('approved', 'executing')) or a.contract_id is not null)
  ) s;
