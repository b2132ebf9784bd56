-- How each indicator's bales make a batch's premium (share-weighted, the class most bales have, or the grade
-- of the batch average) is part of the exchange's delivery rules: versioned per crop year with the limits,
-- not fixed in code. Existing versions take the seed table's methods (src/domain/deliveryRules.ts).
alter table delivery_limits add column premium_methods jsonb;
update delivery_limits set premium_methods =
  '{"colour": "baleShare", "ginning": "baleShare", "micronaire": "dominantClass",
    "length": "batchAverage", "strength": "batchAverage", "uniformity": "batchAverage"}'::jsonb;
alter table delivery_limits alter column premium_methods set not null,
  add constraint delivery_limits_premium_methods_named check (
    jsonb_typeof(premium_methods) = 'object'
    and premium_methods ?& array['colour', 'length', 'micronaire', 'strength', 'uniformity', 'ginning']);
