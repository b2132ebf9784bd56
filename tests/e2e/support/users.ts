// The demo users the server seeds on a fresh database (server/db/seed/data.ts). Each scenario family uses
// its own user so per-user state (tabs, settings, unread messages, password) never leaks between them.
import { DEMO_PASSWORD, DEMO_USERS, DEPARTMENTS } from '../../../server/platform/db/seed/data.ts';

export interface DemoUser {
  loginName: string;
  password: string;
  relName: string;
  phone: string;
  departName: string;
}

export interface DemoUsers {
  /** Administrator: creates messages on the server. */
  admin: DemoUser;
  /** Login, branding, watermark, menus, tabs, search, language, theme, fullscreen, routing. */
  staff: DemoUser;
  /** Settings restored after logging out and in again; size change. */
  settings: DemoUser;
  /** Live notifications and the message centre. */
  messages: DemoUser;
  /** Changes its password (ends its other sessions). */
  password: DemoUser;
  /** Mobile user agent; logout. */
  mobile: DemoUser;
  all: DemoUser[];
}

function user(loginName: string): DemoUser {
  const u = DEMO_USERS.find((d) => d.loginName === loginName);
  if (!u) throw new Error(`demo user ${loginName} is not seeded by server/db/seed/data.ts`);
  const departName = DEPARTMENTS.find((d) => d.key === u.department)?.name ?? '';
  return { loginName, password: DEMO_PASSWORD, relName: u.relName, phone: u.phone, departName };
}

export function demoUsers(): DemoUsers {
  const all = DEMO_USERS.map((u) => user(u.loginName));
  return {
    admin: user('admin'),
    staff: user('trader'),
    settings: user('warehouse'),
    messages: user('finance'),
    password: user('risk'),
    mobile: user('sales'),
    all,
  };
}
