-- Help articles for the platform's clients (helpCenterSetup): markdown, in the operator's order, published
-- or draft; a platform user reads the published ones.
create table platform_help_articles (
  id bigint generated always as identity primary key,
  title text not null check (title <> ''),
  body text not null,
  sort integer not null default 0,
  status text not null default 'draft' check (status in ('draft', 'published')),
  updated_by bigint references users (id),
  updated_at timestamptz not null default now()
);
create index platform_help_articles_published on platform_help_articles (sort, id) where status = 'published';
