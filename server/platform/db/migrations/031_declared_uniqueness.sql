-- Every uniqueness the declarations promise is a constraint, so it holds under concurrency: the save's own
-- check cannot see a row that another transaction has not committed yet (server/db/uniqueness.test.ts).

-- A management account number names one account, whichever partner holds it (it was unique per partner).
create unique index partner_management_accounts_account_no on partner_management_accounts (account_no);


-- The seeded roles read the dictionary words without a grant; the grant they had opened the administrator's
-- dictionary screen (its list and detail calls) to every role.
delete from role_grants g using roles r
 where g.role_id = r.id and r.code in ('trader', 'risk', 'finance', 'warehouse', 'sales')
   and g.scope = 'dictionary' and g.permissions = array['view'];
