-- Issue 21: what a contract has delivered, one rule for credit, margin and exposure. A sale has delivered
-- the batches of its lines that left the warehouse (out) or whose warehouse receipt was transferred (the
-- buyer holds its title); a purchase the batches of its lines that are the house's own. A completed contract
-- naming no batch (a grade-spec contract) has delivered its whole tonnage: completed is performed.
create index transaction_contract_lines_by_contract on transaction_contract_lines (contract_id);

create function contract_delivered_tonnage(contract bigint) returns numeric language sql stable as $$
  select case
           when c.status = 'completed'
                and not exists (select 1 from transaction_contract_lines l where l.contract_id = c.id)
           then c.tonnage
           else coalesce((
             select sum(l.conditioned_weight)
               from transaction_contract_lines l join batches b on b.batch_no = l.batch_no
              where l.contract_id = c.id
                and case when c.side = 'sale'
                         then b.status = 'out'
                              or exists (select 1 from warehouse_receipts r
                                          where r.batch_no = b.batch_no and r.holder_id is not null)
                         else b.owner_kind = 'own' end), 0)
         end
    from transaction_contracts c where c.id = contract
$$;
