-- Issue 21: a reservation or a release of goods that would take a client past its credit limit is refused at
-- the desk and is risk's to decide. This migration carries the grants that let risk do them (reserve a
-- client's stock, confirm an outbound appointment); the guard itself is the payments area's creditGuard.
select 1;
