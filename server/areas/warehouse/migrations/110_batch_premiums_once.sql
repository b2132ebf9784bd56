-- The premium of each batch (QmFuturesDiscountAll) as 008 prices it, each part computed once a batch. 008's
-- view named its parts through a CTE that PostgreSQL inlines: the two bale averages (colour, ginning) and the
-- premium table's version were computed again in the quality premium and again in the total, about 30
-- subqueries a batch, and the plan's cost (446,000 for the demo's 300 batches) switched on JIT compilation:
-- 2.6–3.0 s a list call on PostgreSQL. Here each part is a lateral subquery computed once (not inlined), the
-- bales of a batch are read once for both averages, and the figures are those of 008. Each lateral answers
-- one row (an aggregate, or `group by ()`) and is left-joined, so a query reading none of its columns (the
-- list's count) drops it: the count reads only batches. A page computes its own 20 batches only.
drop view batch_premiums;
create view batch_premiums as
select b.id, b.batch_no, b.crop_year, b.warehouse_id, b.conditioned_weight, b.status, b.deliverable,
       v.table_year as premium_table_crop_year,
       b.colour_grade, p.colour_premium, b.length_grade, p.length_premium,
       b.micronaire_grade, p.micronaire_premium, b.strength_grade, p.strength_premium,
       b.uniformity_grade, p.uniformity_premium, b.ginning_grade, p.ginning_premium,
       s.quality_premium, v.warehouse_premium,
       s.quality_premium + coalesce(v.warehouse_premium, 0) as total_premium
  from batches b
  left join lateral (
    select (select max(q.crop_year) from quality_premiums q where q.crop_year <= b.crop_year) as table_year,
           (select w.premium from warehouse_premiums w
             where w.warehouse_id = b.warehouse_id and w.crop_year <= b.crop_year
             order by w.crop_year desc limit 1) as warehouse_premium
    group by ()
  ) v on true
  -- A batch with bales: the mean of its bales' colour and ginning premiums (none when a bale's grade is not
  -- priced); without bales the count is 0 and the batch's own grades are priced.
  left join lateral (
    select count(*) as bales,
           case when count(qc.premium) = count(*) then round(avg(qc.premium), 2) end as colour,
           case when count(qg.premium) = count(*) then round(avg(qg.premium), 2) end as ginning
      from bales bl
      left join quality_premiums qc on qc.crop_year = v.table_year
       and qc.indicator = 'colour' and qc.grade = bl.colour_grade
      left join quality_premiums qg on qg.crop_year = v.table_year
       and qg.indicator = 'ginning' and qg.grade = bl.ginning_grade
     where bl.batch_id = b.id
  ) bl on true
  left join lateral (
    select case when bl.bales > 0 then bl.colour
             else (select q.premium from quality_premiums q where q.crop_year = v.table_year
                      and q.indicator = 'colour' and q.grade = b.colour_grade)
           end as colour_premium,
           (select q.premium from quality_premiums q where q.crop_year = v.table_year
               and q.indicator = 'length'
               and q.grade = case when b.length_grade in ('31', '32') then '30' else b.length_grade end)
             as length_premium,
           -- The table prices B1 and B2 alike as B.
           (select q.premium from quality_premiums q where q.crop_year = v.table_year
               and q.indicator = 'micronaire'
               and q.grade = case when b.micronaire_grade in ('B1', 'B2') then 'B' else b.micronaire_grade end)
             as micronaire_premium,
           (select q.premium from quality_premiums q where q.crop_year = v.table_year
               and q.indicator = 'strength' and q.grade = b.strength_grade) as strength_premium,
           (select q.premium from quality_premiums q where q.crop_year = v.table_year
               and q.indicator = 'uniformity' and q.grade = b.uniformity_grade) as uniformity_premium,
           case when bl.bales > 0 then bl.ginning
             else (select q.premium from quality_premiums q where q.crop_year = v.table_year
                      and q.indicator = 'ginning' and q.grade = b.ginning_grade)
           end as ginning_premium
    group by ()
  ) p on true
  left join lateral (
    select p.colour_premium + p.length_premium + p.micronaire_premium + p.strength_premium
             + p.uniformity_premium + p.ginning_premium as quality_premium
    group by ()
  ) s on true;
