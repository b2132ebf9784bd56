-- An approved booking is drawn up as a sale contract once: the booking names its contract.
alter table client_bookings add column contract_id bigint unique references transaction_contracts (id);
