import type {
  DictionaryEntry,
  HelpArticle,
  Instrument,
  MenuGroup,
  MenuItem,
  MessageDetail,
  MessageSummary,
  PartnerSummary,
  UserInfo,
} from '../../shared/api/contract.ts';

/** The data the mock server answers with; tests change it through `mockState` and reset it after each test. */
export interface MockState {
  /** loginName → password. */
  credentials: Record<string, string>;
  user: UserInfo;
  token: string;
  menu: MenuGroup[];
  menuTop: MenuItem[];
  summaries: MessageSummary[];
  /** messageType → messages, newest first. */
  messages: Record<string, MessageDetail[]>;
  /** queryDisclaimer answers this (1: the disclaimer must be shown). */
  disclaimer: 0 | 1;
  article: HelpArticle;
  /** The passwords the change-password call accepts as the old one. */
  password: string;
  /** The login and menu answers say the password is temporary, until the change-password call. */
  passwordTemporary: boolean;
  privileges: Record<string, string[]>;
  dictionary: Record<string, DictionaryEntry[]>;
  partners: PartnerSummary[];
  instruments: Instrument[];
  /** Paths called, in order (for asserting that a call was made). */
  calls: { path: string; body: URLSearchParams; authorization: string | null }[];
}

export const TEST_USER: UserInfo = {
  id: '7',
  loginName: 'zhangsan',
  relName: '张三',
  phone: '13812345678',
  departName: '业务部',
  messCount: 3,
};

export const TEST_PASSWORD = 'secret123';

const leaf = (id: string, title: string, path: string): MenuItem => ({ id, title, path });

/**
 * A workbench group and a business group: a submenu holding the news page and an external help link,
 * the log page, and one empty, unnamed item.
 */
export function testMenu(): { menu: MenuGroup[]; menuTop: MenuItem[] } {
  const workbench: MenuGroup = {
    id: 'workbench',
    title: '工作台',
    menu: [
      leaf('index', '首页', '/index'),
      leaf('download', '下载中心', '/index/download'),
      leaf('passwordEdit', '修改密码', '/index/passwordEdit'),
    ],
  };
  const business: MenuGroup = {
    id: 'business',
    title: '业务管理',
    menu: [
      {
        id: 'reports',
        title: '报表中心',
        children: [
          leaf('news', '新闻资讯', '/index/news'),
          leaf('helpCentre', '帮助中心', 'https://help.example.com/guide'),
        ],
      },
      leaf('log', '操作日志', '/index/log'),
      leaf('', '', ''),
    ],
  };
  return {
    menu: [workbench, business],
    menuTop: [
      { id: 'workbench', title: '工作台', path: '/index' },
      { id: 'business', title: '业务管理' },
    ],
  };
}

function messagesOf(type: string, count: number): MessageDetail[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${type}-${i + 1}`,
    message: `**消息 ${i + 1}**`,
    readState: i < 2 ? 0 : 1,
    createTime: '2026-11-20 10:00:00',
  }));
}

export function initialMockState(): MockState {
  return {
    credentials: { [TEST_USER.loginName]: TEST_PASSWORD },
    user: { ...TEST_USER },
    token: 'token-abc',
    ...testMenu(),
    summaries: [
      { messageType: '1000004', unreadCount: 2, updateTime: '2026-11-20 10:00:00' },
      { messageType: '1000005', unreadCount: 1, updateTime: '2026-11-19 09:00:00' },
    ],
    messages: { '1000004': messagesOf('1000004', 25), '1000005': messagesOf('1000005', 3) },
    disclaimer: 0,
    article: { name: '免责声明', text: '# 免责声明\n\n请谨慎操作。' },
    password: TEST_PASSWORD,
    passwordTemporary: false,
    privileges: { contract: ['view', 'create'] },
    dictionary: { contractState: [{ value: '1', label: '待审核', sort: 1 }] },
    partners: [{ id: 'p1', name: '测试客户', kinds: ['client'] }],
    instruments: [
      {
        symbol: 'CF2605',
        exchangeSymbol: 'CF605',
        month: '2026-05',
        lastTradingDay: '2026-05-15',
        lotTonnes: 5,
        tickYuan: 5,
      },
    ],
    calls: [],
  };
}

export const mockState: MockState = initialMockState();

export function resetMockState() {
  Object.assign(mockState, initialMockState());
}
