-- Signed links to the storefront without login (domain-money.md §7.3): a published package's share link,
-- expiring after packageLinkDays, and a batch's public quality sheet from its QR code. The key signing them
-- is the database's own, made once here and never answered by any call.
create table platform_link_key (
  only_row boolean primary key default true check (only_row),
  secret text not null
);
insert into platform_link_key (secret)
values (md5(random()::text || clock_timestamp()::text) || md5(clock_timestamp()::text || random()::text));
