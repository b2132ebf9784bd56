-- Files attached to a record of any declared resource with `attachments: true` (a contract's scans,
-- certificates). The bytes live in the database with the record, so a backup holds both. Deletion is soft:
-- the row stays, with who deleted it and when, so the history of a document's files is kept.
create table record_attachments (
  id bigint generated always as identity primary key,
  resource_key text not null,
  record_id bigint not null,
  file_name text not null,
  mime_type text not null,
  size_bytes integer not null check (size_bytes >= 0),
  content bytea not null,
  uploaded_by bigint not null references users (id),
  uploaded_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by bigint references users (id),
  check ((deleted_at is null) = (deleted_by is null))
);

create index record_attachments_record on record_attachments (resource_key, record_id);
