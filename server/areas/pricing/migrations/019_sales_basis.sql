-- The sales basis sheet (基差表): quotes over a CF month by delivery warehouse and grade, effective from a
-- date; a draft is published (active), which retires the sheet active before it. Also the market basis.
create table sales_basis_sheets (
  id bigint generated always as identity primary key,
  sheet_no text not null unique,
  effective_from date not null,
  remark text,
  status text not null default 'draft' check (status in ('draft', 'active', 'retired')),
  published_by bigint references users (id),
  published_at timestamptz,
  updated_at timestamptz not null default now(),
  -- One sheet in use, checked when the publishing transaction commits (it retires the one before).
  constraint sales_basis_one_active exclude using btree (status with =) where (status = 'active')
    deferrable initially deferred
);

-- A quote: an open warehouse or grade applies to every one; the most specific line wins (src/domain).
create table sales_basis_lines (
  id bigint generated always as identity primary key,
  sheet_id bigint not null references sales_basis_sheets (id) on delete cascade,
  sort integer not null,
  futures_month text not null check (futures_month ~ '^CF[0-9]{2}(0[13579]|11)$'),
  warehouse_id bigint references warehouses (id),
  colour_grade text,
  length_grade integer check (length_grade between 25 and 32),
  basis numeric(12, 2) not null,
  remark text
);
create unique index sales_basis_lines_one_quote on sales_basis_lines
  (sheet_id, futures_month, coalesce(warehouse_id, 0), coalesce(colour_grade, ''), coalesce(length_grade, 0));

-- Every line with its sheet (SaleBasisDetail).
create view sale_basis_details as
  select l.id, s.sheet_no, s.effective_from, s.status, l.futures_month, l.warehouse_id, l.colour_grade,
         l.length_grade, l.basis, l.remark
    from sales_basis_lines l join sales_basis_sheets s on s.id = l.sheet_id;
