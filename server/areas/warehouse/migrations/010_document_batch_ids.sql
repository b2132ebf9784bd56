-- Documents point at their batch by id, and the database keeps them from vanishing (issue 10): warehouse
-- receipts, movements, warehouse fees, outbound appointments and contract lines get `batch_id`, filled from
-- the batch number they already hold. The number stays on each document as the name users and the API
-- use; a trigger sets the id from it on every write, and a batch that documents name can neither be
-- deleted nor renumbered (both refused by a foreign key, 23503, which the batch storage puts in words).

-- A number a document named before batches were kept (receipts and contract lines of 002) becomes a batch
-- record of its own, so every existing document keeps its reference.
insert into batches (batch_no, status)
select distinct named.batch_no, 'stock'
  from (select batch_no from warehouse_receipts
        union select batch_no from transaction_contract_lines
        union select batch_no from warehouse_fees) named
 where named.batch_no is not null
   and not exists (select 1 from batches b where b.batch_no = named.batch_no);

create function document_batch_id() returns trigger language plpgsql as $$
begin
  new.batch_id := (select id from batches where batch_no = new.batch_no);
  return new;
end
$$;

alter table warehouse_receipts add column batch_id bigint;
alter table movements add column batch_id bigint;
alter table warehouse_fees add column batch_id bigint;
alter table outbound_appointments add column batch_id bigint;
alter table transaction_contract_lines add column batch_id bigint;

update warehouse_receipts d set batch_id = b.id from batches b where b.batch_no = d.batch_no;
update movements d set batch_id = b.id from batches b where b.batch_no = d.batch_no;
update warehouse_fees d set batch_id = b.id from batches b where b.batch_no = d.batch_no;
update outbound_appointments d set batch_id = b.id from batches b where b.batch_no = d.batch_no;
update transaction_contract_lines d set batch_id = b.id from batches b where b.batch_no = d.batch_no;

-- A receipt's batch is written by its storage right after the generic insert, so it may be empty for a
-- moment; the other documents always name one where they need one.
alter table movements alter column batch_id set not null;
alter table outbound_appointments alter column batch_id set not null;
alter table transaction_contract_lines alter column batch_id set not null;

alter table movements drop constraint movements_batch_no_fkey;
alter table warehouse_fees drop constraint warehouse_fees_batch_no_fkey;
alter table outbound_appointments drop constraint outbound_appointments_batch_no_fkey;

alter table warehouse_receipts
  add constraint warehouse_receipts_batch_id_fkey foreign key (batch_id) references batches (id) on delete restrict,
  add constraint warehouse_receipts_batch_no_fkey foreign key (batch_no) references batches (batch_no)
    on update restrict on delete restrict;
alter table movements
  add constraint movements_batch_id_fkey foreign key (batch_id) references batches (id) on delete restrict,
  add constraint movements_batch_no_fkey foreign key (batch_no) references batches (batch_no)
    on update restrict on delete restrict;
alter table warehouse_fees
  add constraint warehouse_fees_batch_id_fkey foreign key (batch_id) references batches (id) on delete restrict,
  add constraint warehouse_fees_batch_no_fkey foreign key (batch_no) references batches (batch_no)
    on update restrict on delete restrict;
alter table outbound_appointments
  add constraint outbound_appointments_batch_id_fkey foreign key (batch_id) references batches (id)
    on delete restrict,
  add constraint outbound_appointments_batch_no_fkey foreign key (batch_no) references batches (batch_no)
    on update restrict on delete restrict;
alter table transaction_contract_lines
  add constraint transaction_contract_lines_batch_id_fkey foreign key (batch_id) references batches (id)
    on delete restrict,
  add constraint transaction_contract_lines_batch_no_fkey foreign key (batch_no) references batches (batch_no)
    on update restrict on delete restrict;

create trigger warehouse_receipts_batch_id before insert or update of batch_no on warehouse_receipts
  for each row execute function document_batch_id();
create trigger movements_batch_id before insert or update of batch_no on movements
  for each row execute function document_batch_id();
create trigger warehouse_fees_batch_id before insert or update of batch_no on warehouse_fees
  for each row execute function document_batch_id();
create trigger outbound_appointments_batch_id before insert or update of batch_no on outbound_appointments
  for each row execute function document_batch_id();
create trigger transaction_contract_lines_batch_id before insert or update of batch_no on transaction_contract_lines
  for each row execute function document_batch_id();

create index warehouse_receipts_by_batch_id on warehouse_receipts (batch_id);
create index movements_by_batch_id on movements (batch_id);
create index warehouse_fees_by_batch_id on warehouse_fees (batch_id);
create index outbound_appointments_by_batch_id on outbound_appointments (batch_id);
create index transaction_contract_lines_by_batch_id on transaction_contract_lines (batch_id);
