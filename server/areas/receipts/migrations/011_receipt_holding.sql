-- Warehouse receipts as the exchange keeps them (domain.md §1, §7; issue 10): validity by crop year with
-- the old-crop discount as data, every change of hands and every pledge as an event, the pledgee on the
-- receipt, and the states pledged and (read by the date, never stored) expired.

-- The date a crop year's receipts are valid until and the discount (CNY/t) they carry once old crop, as
-- the exchange announces them: one row per crop year. Seeded with the rule the exchange has followed
-- (valid until 31 March two years after the crop year begins, no discount); the administrator corrects
-- a row when the exchange announces otherwise.
create table receipt_crop_years (
  id bigint generated always as identity primary key,
  crop_year text not null unique,
  valid_until date not null,
  old_crop_discount numeric(16, 2) not null default 0,
  remark text
);
insert into receipt_crop_years (crop_year, valid_until, remark)
select y || '/' || lpad(((y + 1) % 100)::text, 2, '0'), make_date(y + 2, 3, 31), '初始值'
  from generate_series(2020, 2027) as y;

alter table warehouse_receipts
  add column pledgee_id bigint references partners (id) on delete restrict;

-- Each register, transfer, pledge, release and cancel of a receipt, on its day; the partner is the new
-- holder (none: ourselves) or the pledgee. The holder history is the register and transfer rows in order.
create table warehouse_receipt_events (
  id bigint generated always as identity primary key,
  receipt_id bigint not null references warehouse_receipts (id) on delete restrict,
  kind text not null check (kind in ('register', 'transfer', 'pledge', 'release', 'cancel')),
  happened_on date not null,
  partner_id bigint references partners (id) on delete restrict,
  user_id bigint references users (id),
  at timestamptz not null default now()
);
create index warehouse_receipt_events_by_receipt on warehouse_receipt_events (receipt_id, id);

-- Receipts registered before this release: their registration and, once transferred, the one transfer
-- the receipt recorded (to its holder).
insert into warehouse_receipt_events (receipt_id, kind, happened_on, partner_id, at)
select id, 'register', coalesce(registered_on, valid_until), null, now()
  from warehouse_receipts where status <> 'preDeclared' order by id;
insert into warehouse_receipt_events (receipt_id, kind, happened_on, partner_id, at)
select id, 'transfer', coalesce(registered_on, valid_until), holder_id, now()
  from warehouse_receipts where holder_id is not null order by id;

-- The new states and right in the dictionaries of a database seeded before (a fresh one gets them from
-- the declarations; the seed never overwrites).
insert into dictionary_entries (code, value, label, sort)
select 'receiptState', v.value, v.label, (select coalesce(max(sort), 0) from dictionary_entries
                                            where code = 'receiptState') + v.n
  from (values ('pledged', '已质押', 1), ('expired', '已过期', 2)) as v (value, label, n)
 where exists (select 1 from dictionaries where code = 'receiptState')
on conflict do nothing;
insert into dictionary_entries (code, value, label, sort)
select 'permissionCode', 'pledge', '仓单质押', (select coalesce(max(sort), 0) + 1 from dictionary_entries
                                               where code = 'permissionCode')
 where exists (select 1 from dictionaries where code = 'permissionCode')
on conflict do nothing;

-- The warehouse keepers, who register and transfer receipts on QmCdBatch, pledge and release them too.
update role_grants set permissions = array_append(permissions, 'pledge')
 where scope = 'QmCdBatch' and not ('pledge' = any (permissions))
   and role_id in (select id from roles where code = 'warehouse');
