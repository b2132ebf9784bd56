-- Issue 21: rounding happens once, at the end. A contract keeps Σ Fᵢ·qᵢ of its fixings exactly
-- (fixed_futures_amount): the average fixed price F̄ = Σ Fᵢ·qᵢ / Σ qᵢ that margin, credit and the priced amount
-- multiply is read from it unrounded; average_fixed_price and unit_price stay the figures shown, to the fen.
-- A trigger keeps the sum, so no writer of a fixing (a fixing, a forced fixing, a split or combination, the
-- demo) can leave it behind.
alter table transaction_contracts add column fixed_futures_amount numeric(24, 6) not null default 0;

update transaction_contracts c set fixed_futures_amount = f.amount
  from (select contract_id, sum(futures_price * tonnage) as amount from contract_fixings group by contract_id) f
 where f.contract_id = c.id;

create function contract_fixings_keep_amount() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update transaction_contracts set fixed_futures_amount = fixed_futures_amount - old.futures_price * old.tonnage
     where id = old.contract_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update transaction_contracts set fixed_futures_amount = fixed_futures_amount + new.futures_price * new.tonnage
     where id = new.contract_id;
  end if;
  return null;
end $$;

create trigger contract_fixings_keep_amount after insert or delete or update of contract_id, tonnage, futures_price
  on contract_fixings for each row execute function contract_fixings_keep_amount();
