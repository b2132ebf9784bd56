import type { UserInfo } from '../../../src/shared/api/contract.ts';
import type { Queryable } from '../db/index.ts';

/** The logged-in user as the browser keeps it (spec 3), with the unread count. */
export async function userInfo(db: Queryable, userId: string): Promise<UserInfo> {
  const [row] = await db.query<UserInfo>(
    `select u.id::text as id, u.login_name as "loginName", u.rel_name as "relName", u.phone,
            coalesce(d.name, '') as "departName",
            (select count(*)::int from messages m where m.user_id = u.id and m.read_state = 0) as "messCount"
       from users u left join departments d on d.id = u.department_id
      where u.id = $1`,
    [userId],
  );
  if (!row) throw new Error(`User ${userId} vanished.`);
  return row;
}
