-- Whose goods a batch is (domain.md §7): the house's own stock, a client's goods the house holds, or goods a
-- supplier still owns; the owner partner for the last two. Existing batches are own stock.
alter table batches
  add column owner_kind text not null default 'own',
  add column owner_id bigint references partners (id) on delete restrict,
  add constraint batches_owner_named check ((owner_kind = 'own') = (owner_id is null));
create index batches_by_owner on batches (owner_kind, owner_id);
