-- A purchase request decided (SM-14): accepted by the sales desk, rejected with a reason the client reads, or
-- expired when the desk did not accept it within platformOrderExpiryMinutes. Who decided and when; an expiry
-- names nobody.
alter table platform_purchase_requests
  add column reason text,
  add column decided_by bigint references users (id),
  add column decided_at timestamptz;
create index platform_purchase_requests_waiting on platform_purchase_requests (created_at) where status = 'submitted';
