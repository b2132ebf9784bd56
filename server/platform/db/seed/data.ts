// Seed rows of a fresh database: what a new customer starts with, and the demo users.

export const DEMO_PASSWORD = 'Cotton2026';

export const DEPARTMENTS = [
  { key: 'hq', name: '总公司', parent: undefined },
  { key: 'trading', name: '交易部', parent: 'hq' },
  { key: 'risk', name: '风控部', parent: 'hq' },
  { key: 'finance', name: '财务部', parent: 'hq' },
  { key: 'warehouse', name: '仓储物流部', parent: 'hq' },
  { key: 'sales', name: '销售部', parent: 'hq' },
  { key: 'it', name: '信息技术部', parent: 'hq' },
] as const;
export type DepartmentKey = (typeof DEPARTMENTS)[number]['key'];

/** Every permission code a module may offer; the administrator holds them all. */
export const PERMISSION_CODES = [
  'view',
  'create',
  'edit',
  'delete',
  'approve',
  'export',
  'send',
  'submit',
  'execute',
  'complete',
  'void',
  'enable',
  'disable',
  'resetPassword',
  'publish',
  'register',
  'transfer',
  'pledge',
  'cancel',
  'depart',
  'arrive',
  'confirm',
  'settle',
  'import',
] as const;

// The dictionary words need no grant (a session reads them); the dictionary screen is the administrator's.
const lookups = [{ scope: 'instrument', permissions: ['view'] }];

/**
 * Business areas of the route map (src/shared/routes/businessRoutes.ts) each role works in, granted as menu
 * groups: they take effect for every catalogue route whose menuGroup carries the area's name.
 */
const areas = (permissions: string[], ...keys: string[]) =>
  keys.map((k) => ({ scope: `group:${k}`, permissions }));
const WORK = ['view', 'create', 'edit', 'export'];

export const ROLES = [
  { code: 'administrator', name: '系统管理员', grants: [{ scope: '*', permissions: [...PERMISSION_CODES] }] },
  {
    code: 'trader',
    name: '交易员',
    grants: [
      { scope: 'group:workbench', permissions: ['view'] },
      { scope: 'partner', permissions: ['view'] },
      ...areas(WORK, 'pur', 'pending', 'speculation', 'SpotReport', 'PurchaseReports'),
      ...lookups,
    ],
  },
  {
    code: 'risk',
    name: '风控专员',
    grants: [
      { scope: 'group:workbench', permissions: ['view'] },
      { scope: 'partner', permissions: ['view'] },
      ...areas(['view', 'create', 'edit', 'approve', 'export'], 'furRiskManage'),
      ...areas(['view', 'export'], 'pending', 'BusiReport'),
      ...lookups,
    ],
  },
  {
    code: 'finance',
    name: '财务专员',
    grants: [
      { scope: 'group:workbench', permissions: ['view'] },
      { scope: 'partner', permissions: ['view', 'export'] },
      ...areas([...WORK, 'approve'], 'capital', 'Pcm', 'FinSett', 'PayInvoice'),
      ...areas(['view', 'export'], 'PurchaseReports', 'SalesReport'),
      ...lookups,
    ],
  },
  {
    code: 'warehouse',
    name: '仓储专员',
    grants: [
      { scope: 'group:workbench', permissions: ['view'] },
      // Of the purchase screens only the inventory (not the contracts and their prices).
      ...areas(['view'], 'pur_inventory', 'SpotReport'),
      ...lookups,
    ],
  },
  {
    code: 'sales',
    name: '销售专员',
    grants: [
      { scope: 'group:workbench', permissions: ['view'] },
      { scope: 'partner', permissions: ['view', 'create', 'edit'] },
      ...areas(WORK, 'sales', 'SalesReport'),
      ...areas(['view', 'approve'], 'salesManage'),
      ...lookups,
    ],
  },
];

export const DEMO_USERS: {
  loginName: string;
  relName: string;
  phone: string;
  department: DepartmentKey;
  role: string;
}[] = [
  { loginName: 'admin', relName: '王建国', phone: '13801012345', department: 'it', role: 'administrator' },
  { loginName: 'trader', relName: '李明辉', phone: '13912345678', department: 'trading', role: 'trader' },
  { loginName: 'risk', relName: '张丽华', phone: '13698765432', department: 'risk', role: 'risk' },
  { loginName: 'finance', relName: '陈静', phone: '13587654321', department: 'finance', role: 'finance' },
  // A second finance user: what one registers (a payment, a margin application) the other approves (four eyes).
  { loginName: 'finance2', relName: '孙红梅', phone: '13587650022', department: 'finance', role: 'finance' },
  {
    loginName: 'warehouse',
    relName: '刘强',
    phone: '13776543210',
    department: 'warehouse',
    role: 'warehouse',
  },
  { loginName: 'sales', relName: '赵敏', phone: '15023456789', department: 'sales', role: 'sales' },
];

/** Spec 2.15; any other type is shown as a trading-platform message. */
export const MESSAGE_TYPES = [
  { code: '1000002', name: '后台提醒' },
  { code: '1000003', name: '业务提醒' },
  { code: '1000004', name: '合同相关' },
  { code: '1000005', name: '付款相关' },
  { code: '1000006', name: '发票相关' },
  { code: '1000007', name: '单据相关' },
  { code: '1000008', name: '挂单相关' },
  { code: '1000009', name: '保证金相关' },
  { code: '101', name: '交易平台消息' },
];

/** The tenant's own words for its contract kinds (tenants/<code>.json): data, never written here. */
export interface ContractTerms {
  spotContract: string;
  contractTypeFt: string;
  orderType: string;
  contractTypeZt: string;
}

export const PARTNERS = [
  {
    name: '新疆天山棉业有限公司',
    kinds: ['supplier'],
    creditLimit: '5000000.00',
    contact: '阿不都',
    phone: '13909910001',
  },
  {
    name: '山东魏桥纺织股份有限公司',
    kinds: ['client'],
    creditLimit: '8000000.00',
    contact: '孙伟',
    phone: '13605430002',
  },
  {
    name: '江苏华芳纺织有限公司',
    kinds: ['client'],
    creditLimit: '3000000.00',
    contact: '周芳',
    phone: '13912560003',
  },
  {
    name: '河南新野纺织股份有限公司',
    kinds: ['client', 'supplier'],
    creditLimit: '2000000.00',
    contact: '郑磊',
    phone: '13837700004',
  },
  {
    name: '中储棉库尔勒有限责任公司',
    kinds: ['warehouse'],
    creditLimit: null,
    contact: '马超',
    phone: '13899600005',
  },
  {
    name: '中国农业发展银行乌鲁木齐分行',
    kinds: ['bank'],
    creditLimit: null,
    contact: '黄蓉',
    phone: '13579900006',
  },
  { name: '中信期货有限公司', kinds: ['broker'], creditLimit: null, contact: '吴昊', phone: '13760000007' },
];

export const LOT_TONNES = '5';
export const TICK_YUAN = '5';

export const disclaimerText = (companyName: string) => `# 免责声明

欢迎使用${companyName}后台管理系统。

1. 本系统所示行情、基差、升贴水及风险数据仅供内部业务参考，不构成任何投资建议。
2. 期货价格以郑州商品交易所公布的数据为准；系统中的结算价由人工录入或导入，可能存在延迟。
3. 用户应妥善保管账号与密码，通过本账号进行的一切操作均视为本人行为，并记入操作记录。
4. 合同、付款、开票等业务以审批通过的单据为准。

点击"同意"即表示您已阅读并接受上述条款。`;

export const welcomeMessages = (relName: string) => [
  {
    type: '1000002',
    text: `**${relName}**，您好：欢迎使用后台管理系统。首次登录后请在「修改密码」中设置新密码。`,
  },
  {
    type: '1000003',
    text: '今日郑棉主力合约结算价已更新，请在**风险管理**中查看保证金与点价敞口。',
  },
];
