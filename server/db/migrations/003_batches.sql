-- Batches of cotton (批号, domain.md §2 and §7): the quality certificate, the weights and where the batch
-- is. Batch fields elsewhere hold the batch number, the name the exchange and the inspection use.
create table batches (
  id bigint generated always as identity primary key,
  batch_no text not null unique,
  warehouse_id bigint references warehouses (id),
  status text not null default 'stock'
);
