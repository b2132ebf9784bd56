-- A password an administrator set (a new user's, a reset one) is temporary: until its user changes it,
-- the session reaches nothing but the calls every signed-in user has (change the password, log out).
alter table users add column password_temporary boolean not null default false;
