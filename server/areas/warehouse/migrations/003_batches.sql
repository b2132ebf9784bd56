-- Batches of cotton (批号, domain.md §2 and §7): the quality certificate, the weights and where the batch
-- is. Batch fields elsewhere hold the batch number, the name the exchange and the inspection use.
create table batches (
  id bigint generated always as identity primary key,
  batch_no text not null unique,
  warehouse_id bigint references warehouses (id),
  status text not null default 'stock',
  ginner text,
  crop_year text,
  bale_count integer,
  -- As the inspection certificate gives them.
  gross_weight_kg numeric(12, 1),
  tare_weight_kg numeric(12, 1),
  trash_percent numeric(8, 4),
  moisture_regain_percent numeric(8, 4),
  colour_grade text,
  length_mm numeric,
  micronaire numeric,
  strength numeric,
  uniformity numeric(8, 4),
  ginning_grade text,
  -- Derived on every save from the certificate (src/areas/warehouse/batches.ts), stored for filters and sorts.
  net_weight numeric(16, 4),
  conditioned_weight numeric(16, 4),
  length_grade text,
  micronaire_grade text,
  strength_grade text,
  uniformity_grade text,
  deliverable boolean,
  undeliverable_reasons text[] not null default '{}',
  -- The number as last saved: an edit compares it with the new one before renaming a batch others name.
  saved_batch_no text
);
create index batches_by_crop_year on batches (crop_year);
create index batches_by_warehouse on batches (warehouse_id);

-- The exchange's premium (+) or discount (−) of each delivery warehouse, CNY/t, reissued per crop year.
create table warehouse_premiums (
  id bigint generated always as identity primary key,
  crop_year text not null,
  warehouse_id bigint not null references warehouses (id),
  premium numeric(16, 2) not null,
  effective_from date not null,
  remark text,
  -- Checked with a clear message after the row is written; the constraint guards against a race.
  unique (crop_year, warehouse_id) deferrable initially deferred
);

-- Per batch, the premium of each quality indicator against the base grade 3128B, from the newest premium
-- table whose crop year is not after the batch's, plus its warehouse's premium of the same rule. A grade the
-- table does not list (not deliverable) has no premium, and then the quality subtotal is empty too.
create view batch_premiums as
with versioned as (
  select b.*,
         (select max(q.crop_year) from quality_premiums q where q.crop_year <= b.crop_year) as table_year,
         (select w.premium from warehouse_premiums w
           where w.warehouse_id = b.warehouse_id and w.crop_year <= b.crop_year
           order by w.crop_year desc limit 1) as warehouse_premium
    from batches b
),
priced as (
  select v.*,
         (select q.premium from quality_premiums q where q.crop_year = v.table_year
             and q.indicator = 'colour' and q.grade = v.colour_grade) as colour_premium,
         (select q.premium from quality_premiums q where q.crop_year = v.table_year
             and q.indicator = 'length' and q.grade = v.length_grade) as length_premium,
         -- The table prices B1 and B2 alike as B.
         (select q.premium from quality_premiums q where q.crop_year = v.table_year
             and q.indicator = 'micronaire'
             and q.grade = case when v.micronaire_grade in ('B1', 'B2') then 'B' else v.micronaire_grade end)
           as micronaire_premium,
         (select q.premium from quality_premiums q where q.crop_year = v.table_year
             and q.indicator = 'strength' and q.grade = v.strength_grade) as strength_premium,
         (select q.premium from quality_premiums q where q.crop_year = v.table_year
             and q.indicator = 'uniformity' and q.grade = v.uniformity_grade) as uniformity_premium,
         (select q.premium from quality_premiums q where q.crop_year = v.table_year
             and q.indicator = 'ginning' and q.grade = v.ginning_grade) as ginning_premium
    from versioned v
)
select p.id, p.batch_no, p.crop_year, p.warehouse_id, p.conditioned_weight, p.status, p.deliverable,
       p.table_year as premium_table_crop_year,
       p.colour_grade, p.colour_premium, p.length_grade, p.length_premium,
       p.micronaire_grade, p.micronaire_premium, p.strength_grade, p.strength_premium,
       p.uniformity_grade, p.uniformity_premium, p.ginning_grade, p.ginning_premium,
       p.quality_premium, p.warehouse_premium,
       p.quality_premium + coalesce(p.warehouse_premium, 0) as total_premium
  from (select priced.*,
               colour_premium + length_premium + micronaire_premium + strength_premium
                 + uniformity_premium + ginning_premium as quality_premium
          from priced) p;
