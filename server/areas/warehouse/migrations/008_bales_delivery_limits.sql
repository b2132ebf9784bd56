-- The exchange's deliverability limits per crop year, beside its premium table (quality_premiums): a batch
-- reads the newest version whose crop year is not after its own. Rows come from the domain's seed table
-- (src/domain/deliveryRules.ts), written by the warehouse area's seed with this migration.
create table delivery_limits (
  crop_year text primary key,
  max_trash_percent numeric(8, 1) not null,
  max_bale_regain_percent numeric(8, 1) not null,
  min_length_grade integer not null,
  -- Grades refused whatever their premium, per indicator: {"colour": ["51", …], "micronaire": ["C1"], …}.
  undeliverable_grades jsonb not null
);

-- Bale-level inspection data (公检 bale file): one row a bale of a batch. A batch with bales takes its
-- figures from them; its bales go with it when a mistaken batch (in stock, unreferenced) is deleted.
create table bales (
  id bigint generated always as identity primary key,
  batch_id bigint not null references batches (id) on delete cascade,
  bale_no text not null,
  colour_grade text not null,
  length_mm numeric(5, 1) not null,
  micronaire numeric(4, 1) not null,
  strength numeric(5, 1) not null,
  uniformity numeric(5, 1) not null,
  trash_percent numeric(4, 1) not null,
  moisture_regain_percent numeric(4, 1) not null,
  gross_weight_kg numeric(8, 1) not null,
  tare_weight_kg numeric(8, 1) not null,
  net_weight_kg numeric(8, 1) not null,
  ginning_grade text,
  unique (batch_id, bale_no)
);

alter table batches
  add column colour_shares text,
  add column micronaire_shares text,
  add column ginning_shares text,
  add column exchange_premium numeric(16, 2);

-- Length grades by truncation (28.0–28.9 mm is 28; 31 and 32 kept): the old rounding named some batches one
-- grade up. Deliverability and premiums are recomputed by the area's seed after this migration.
update batches set length_grade = least(greatest(trunc(length_mm), 25), 32)::text where length_mm is not null;

-- As 003, with the "≥30" length row pricing grades 31 and 32, and colour and ginning of a batch with bales
-- weighted by bale share (the mean of its bales' premiums; none when a bale's grade is not priced).
drop view batch_premiums;
create view batch_premiums as
with versioned as (
  select b.*,
         (select max(q.crop_year) from quality_premiums q where q.crop_year <= b.crop_year) as table_year,
         (select w.premium from warehouse_premiums w
           where w.warehouse_id = b.warehouse_id and w.crop_year <= b.crop_year
           order by w.crop_year desc limit 1) as warehouse_premium,
         exists (select 1 from bales bl where bl.batch_id = b.id) as has_bales
    from batches b
),
priced as (
  select v.*,
         case when v.has_bales then
           (select case when count(q.premium) = count(*) then round(avg(q.premium), 2) end
              from bales bl left join quality_premiums q on q.crop_year = v.table_year
               and q.indicator = 'colour' and q.grade = bl.colour_grade
             where bl.batch_id = v.id)
         else
           (select q.premium from quality_premiums q where q.crop_year = v.table_year
               and q.indicator = 'colour' and q.grade = v.colour_grade)
         end as colour_premium,
         (select q.premium from quality_premiums q where q.crop_year = v.table_year
             and q.indicator = 'length'
             and q.grade = case when v.length_grade in ('31', '32') then '30' else v.length_grade end)
           as length_premium,
         -- The table prices B1 and B2 alike as B.
         (select q.premium from quality_premiums q where q.crop_year = v.table_year
             and q.indicator = 'micronaire'
             and q.grade = case when v.micronaire_grade in ('B1', 'B2') then 'B' else v.micronaire_grade end)
           as micronaire_premium,
         (select q.premium from quality_premiums q where q.crop_year = v.table_year
             and q.indicator = 'strength' and q.grade = v.strength_grade) as strength_premium,
         (select q.premium from quality_premiums q where q.crop_year = v.table_year
             and q.indicator = 'uniformity' and q.grade = v.uniformity_grade) as uniformity_premium,
         case when v.has_bales then
           (select case when count(q.premium) = count(*) then round(avg(q.premium), 2) end
              from bales bl left join quality_premiums q on q.crop_year = v.table_year
               and q.indicator = 'ginning' and q.grade = bl.ginning_grade
             where bl.batch_id = v.id)
         else
           (select q.premium from quality_premiums q where q.crop_year = v.table_year
               and q.indicator = 'ginning' and q.grade = v.ginning_grade)
         end as ginning_premium
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
