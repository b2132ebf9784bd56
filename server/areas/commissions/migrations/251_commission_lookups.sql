-- The commission run finds each settled batch's purchase (its purchaser) and, through the batch cost, its fees
-- by batch number: without these a month of 10,000 batches scans the contract lines once per batch.
create index if not exists transaction_contract_lines_by_batch_no on transaction_contract_lines (batch_no);
create index if not exists warehouse_fees_by_batch_no on warehouse_fees (batch_no);
