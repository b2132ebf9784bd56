-- The receipt "cancellations" of 002 were the warehouse receipts themselves (domain.md §1 and §7): renamed,
-- with their registration date, transferee and holder. Rows already kept stay as they are.
alter table receipt_cancellations rename to warehouse_receipts;
alter table warehouse_receipts rename constraint receipt_cancellations_pkey to warehouse_receipts_pkey;
alter table warehouse_receipts rename constraint receipt_cancellations_receipt_no_key to warehouse_receipts_receipt_no_key;

-- What is fixed once a receipt is registered is written by the receipt storage itself, after the generic
-- insert (it fills warehouse and weight from the batch); the storage never leaves these empty.
alter table warehouse_receipts
  alter column receipt_no drop not null,
  alter column batch_no drop not null,
  alter column warehouse_id drop not null,
  alter column conditioned_weight drop not null,
  alter column valid_until drop not null,
  add column registered_on date,
  add column transferee_id bigint references partners (id),
  add column holder_id bigint references partners (id),
  add column remark text;

create index warehouse_receipts_batch_no on warehouse_receipts (batch_no);

update document_history set resource_key = 'warehouseReceipt' where resource_key = 'receiptCancellation';

-- The batches of the transaction contracts (合同批次). A line without its own price takes the contract's
-- (a fixed-price contract priced as a whole); the amount is exact: numeric, rounded to fen.
create view contract_batches as
select l.id,
       c.id as contract_id,
       c.contract_no,
       c.side,
       c.partner_id,
       c.status as contract_status,
       l.batch_no,
       l.conditioned_weight,
       coalesce(l.unit_price, c.unit_price) as unit_price,
       round(l.conditioned_weight * coalesce(l.unit_price, c.unit_price), 2) as amount,
       b.warehouse_id,
       b.status as batch_status
  from transaction_contract_lines l
  join transaction_contracts c on c.id = l.contract_id
  left join batches b on b.batch_no = l.batch_no;
