// The calls of spec section 7 as the app and the server both see them. Bodies are form-encoded
// (arrays repeated, not indexed); answers use the envelope below. Business outcomes travel in the body
// code with HTTP 200; HTTP 404 is used for unknown paths and 5xx for server faults (both enveloped).

export const API_BASE = '/api';

export const BODY_CODE = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  unsupported: 415,
  serverError: 500,
  /** The server has more work waiting than it can do soon: try again shortly (HTTP 503). */
  busy: 503,
} as const;

export interface Envelope<T = unknown> {
  code: number;
  msg?: string;
  message?: string;
  data?: T;
}

/** A paged list answer (design.md): lists take page_no and size. */
export interface Page<T> {
  records: T[];
  total: number;
  pages: number;
  size: number;
  /** A resource's declared `list.totals`, summed over the whole filter: field → decimal text. */
  totals?: Record<string, string>;
}

/** The logged-in user as kept in browser storage (spec 3). */
export interface UserInfo {
  id: string;
  loginName: string;
  relName: string;
  phone: string;
  departName: string;
  /** Unread messages; the badge caps its display at 99. */
  messCount: number;
}

export const PATHS = {
  login: '/login/doLoginAjax.htm',
  logout: '/login/logoutApi.htm',
  menu: '/api/user/index/index',
  messageList: '/api/user/message/list',
  messageDetail: '/api/user/message/detail',
  /** Admin/test call: creates a message for a user and pushes it over the socket. */
  messageSend: '/api/user/message/send',
  changePassword: '/api/user/change_pwd',
  queryDisclaimer: '/api/user/disclaimer/queryDisclaimer',
  acceptDisclaimer: '/api/user/disclaimer/acceptDisclaimer',
  /** Default help-service address (tenant config disclaimer.serviceUrl may point elsewhere). */
  helpArticle: '/api/help/article/detail',
  userPrivileges: '/api/user/common/user_pri',
  dictionary: '/api/dictionary_query/query_dictionary',
  partnerList: '/api/user/partner_management/list',
  instrumentInfo: '/api/user/common/instrument_info',
  /** The VAT rates of the system settings in effect today (form defaults): setting key → percent. */
  socket: (userId: string) => `/socket/websocket/${encodeURIComponent(userId)}`,
} as const;

// ---- login / logout ----
export interface LoginRequest {
  username: string;
  password: string;
}
/** data of a successful login; the token goes into the token cookie, user.id into uuid. */
export interface LoginData {
  token: string;
  user: UserInfo;
  /** The password is the temporary one an administrator set: it must be changed before anything else. */
  passwordTemporary?: true;
}

// ---- menu (/api/user/index/index): answer is { code, msg, menu, menuTop, data: UserInfo } ----
export interface MenuItem {
  /** For a leaf: the route meta key (src/shared/routes/catalogue.ts). */
  id: string;
  title: string;
  /**
   * The i18n key of the title while it is the one the system seeded (`route.<key>`, `menuGroup.<key>`):
   * a user of another language reads the key's words; a title an administrator gave stays as entered.
   */
  titleKey?: string;
  /** Absent or empty on a group; a path starting with http opens in a new browser tab. */
  path?: string;
  icon?: string;
  iconSvg?: string;
  hidden?: boolean;
  children?: MenuItem[];
}
/** One side-menu group per header (top) item, with the same id. */
export interface MenuGroup {
  id: string;
  title: string;
  /** As MenuItem.titleKey. */
  titleKey?: string;
  icon?: string;
  menu: MenuItem[];
}
export interface MenuAnswer extends Envelope<UserInfo> {
  menu: MenuGroup[];
  menuTop: MenuItem[];
  /** As LoginData.passwordTemporary: the shell asks for the change before anything else. */
  passwordTemporary?: true;
}

// ---- messages ----
export const MESSAGE_TYPES = [
  '1000002',
  '1000003',
  '1000004',
  '1000005',
  '1000006',
  '1000007',
  '1000008',
  '1000009',
] as const;
export interface MessageSummary {
  messageType: string;
  unreadCount: number;
  /** YYYY-MM-DD HH:mm:ss */
  updateTime: string;
}
/** /api/user/message/list answers { code, msg, datas: MessageSummary[] }. */
export interface MessageListAnswer extends Envelope {
  datas: MessageSummary[];
}
export interface MessageDetailRequest {
  messageType: string;
  page_no: number;
  size: number;
}
export interface MessageDetail {
  id: string;
  /** Markdown text. */
  message: string;
  /** 1 means read. */
  readState: 0 | 1;
  createTime: string;
}
export interface MessageSendRequest {
  /** The recipient's login name. */
  loginName: string;
  messageType: string;
  message: string;
}

// ---- password ----
export interface ChangePasswordRequest {
  oldPwd: string;
  newPwd: string;
  newPwdRe: string;
}

// ---- disclaimer: queryDisclaimer data is 1 while the current version is not accepted ----
export interface HelpArticleRequest {
  id: string;
}
/** The help service answers { code: 200, data: HelpArticle }. */
export interface HelpArticle {
  name: string;
  /** Markdown text. */
  text: string;
  version?: number;
}

// ---- lookups ----
export interface UserPrivilegesRequest {
  moduleCode: string;
}
/** data: the permission codes the user holds on that module, e.g. ['view', 'create']. */
export type UserPrivileges = string[];
export interface DictionaryRequest {
  code: string;
}
export interface DictionaryEntry {
  value: string;
  label: string;
  sort: number;
}
export type PartnerKind = 'client' | 'supplier' | 'warehouse' | 'bank' | 'broker';
export interface PartnerSummary {
  id: string;
  name: string;
  kinds: PartnerKind[];
}
export interface Instrument {
  /** Market (4-digit) symbol, e.g. CF2605. */
  symbol: string;
  /** Exchange (3-digit) symbol, e.g. CF605. */
  exchangeSymbol: string;
  /** YYYY-MM */
  month: string;
  lastTradingDay: string;
  lotTonnes: number;
  tickYuan: number;
}

// ---- real-time channel ----
export const SOCKET_TYPE = {
  notification: '0000',
  reconnect: '6666',
  heartbeat: '9999',
  /** Records changed (beyond spec 7): `changed` names their API bases, the screens showing them refetch. */
  dataChanged: '7000',
} as const;
/** Every socket frame is JSON. A notification's result is markdown; messageType of the stored message rides along. */
export interface SocketFrame {
  messageType: string;
  result?: string;
  notice?: { id: string; messageType: string; createTime: string };
  /** A 7000 frame: the `<area>/<resource>` of the records that changed. */
  changed?: string[];
}
