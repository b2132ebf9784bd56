// The dictionaries the system declarations name, with their seed entries for the server. Labels are
// zh-chs text (the dictionary service answers them as stored), an i18n key whose zh-chs text the seed
// stores, or a tenant term the seed reads from the tenant config (those words are the tenant's own).
// Light data: it imports no declaration, so every screen can have the seeds without the area's chunk.

import { type Dictionaries, entries } from '../../framework/resource/area.ts';
import { OPERATION_WORDS } from '../../shared/api/operations.ts';
import { SYSTEM_SETTINGS } from './catalogue.ts';

/** code → entries in display order (sort is the position). */
export const SYSTEM_DICTIONARIES: Dictionaries = {
  moduleKind: entries([
    ['group', '菜单组'],
    ['leaf', '页面'],
  ]),
  permissionCode: entries([
    ['view', '查看'],
    ['create', '新增'],
    ['edit', '编辑'],
    ['delete', '删除'],
    ['export', '导出'],
    ['submit', '提交'],
    ['approve', '审批'],
    ['execute', '执行'],
    ['complete', '完成'],
    ['void', '作废'],
    ['enable', '启用'],
    ['disable', '停用'],
    ['resetPassword', '重置密码'],
    ['publish', '发布模板'],
    ['register', '仓单注册'],
    ['transfer', '仓单过户'],
    ['pledge', '仓单质押'],
    ['cancel', '仓单注销'],
    ['depart', '发运'],
    ['arrive', '到达'],
    ['confirm', '确认'],
    ['settle', '结算'],
    ['import', '导入'],
    ['fix', '点价'],
    ['amend', '补充协议'],
    ['approveRisk', '风控审批'],
  ]),
  enabledState: entries([
    ['enabled', '启用'],
    ['disabled', '停用'],
  ]),
  partnerKind: entries([
    ['client', '客户'],
    ['supplier', '供应商'],
    ['warehouse', '仓储单位'],
    ['bank', '银行'],
    ['broker', '期货公司'],
  ]),
  partnerRelation: entries([
    ['parent', '上级公司'],
    ['subsidiary', '子公司'],
    ['guarantor', '担保方'],
    ['agent', '代理方'],
  ]),
  accountPurpose: entries([
    ['margin', '保证金'],
    ['payment', '付款'],
    ['receipt', '收款'],
  ]),
  warehouseKind: entries([
    ['delivery', '交割库'],
    ['own', '自有库'],
    ['thirdParty', '第三方库'],
  ]),
  operationAction: entries(Object.entries(OPERATION_WORDS)),
  // The parts of the product that are not a resource; every resource is added by its title (dictionariesOf).
  operationModule: entries([
    ['account', { i18n: 'operationModule.account' }],
    ['disclaimer', { i18n: 'operationModule.disclaimer' }],
    ['messages', { i18n: 'operationModule.messages' }],
  ]),
  settingKey: SYSTEM_SETTINGS.map((setting) => ({
    value: setting.key,
    label: { i18n: `setting.${setting.key}` },
  })),
  freightBasis: entries([
    ['conditionedWeight', '按公定重量'],
    ['grossWeight', '按毛重'],
  ]),
  commissionScheme: entries([
    ['perTonne', '按吨计提'],
    ['profitShare', '按利润分成'],
  ]),
  qualityIndicator: entries([
    ['colour', '颜色级'],
    ['length', '长度'],
    ['micronaire', '马克隆值'],
    ['strength', '断裂比强度'],
    ['uniformity', '长度整齐度'],
    ['ginning', '轧工质量'],
  ]),
  contractSide: entries([
    ['purchase', '采购'],
    ['sale', '销售'],
  ]),
  contractKind: entries([
    ['spot', { term: 'spotContract' }],
    ['basis', { term: 'contractTypeFt' }],
    ['deferred', { term: 'orderType' }],
    ['provisional', { term: 'contractTypeZt' }],
  ]),
  pricingState: entries([
    ['unpriced', '未点价'],
    ['partial', '部分点价'],
    ['priced', '已点价'],
  ]),
  hedgeDirection: entries([
    ['buy', '买入平空'],
    ['sell', '卖出开空'],
  ]),
  amendmentKind: entries([
    ['supplement', '补充协议'],
    ['roll', '移月'],
    ['void', '作废'],
  ]),
  approvalLevel: entries([
    ['desk', '业务审批'],
    ['risk', '风控审批'],
  ]),
  pricingParty: entries([
    ['buyer', { term: 'buyer' }],
    ['seller', { term: 'seller' }],
  ]),
  contractState: entries([
    ['draft', '草稿'],
    ['submitted', '待审批'],
    ['approved', '已审批'],
    ['rejected', '已驳回'],
    ['executing', '执行中'],
    ['completed', '已完成'],
    ['voided', '已作废'],
    ['superseded', '已拆并'],
  ]),
  receiptState: entries([
    ['preDeclared', '预报'],
    ['registered', '已注册'],
    ['pledged', '已质押'],
    ['transferred', '已过户'],
    ['expired', '已过期'],
    ['cancelled', '已注销'],
  ]),
  templateState: entries([
    ['draft', '草稿'],
    ['active', '使用中'],
    ['retired', '已停用'],
  ]),
  contractDocument: entries([
    ['purchase', '采购合同'],
    ['market', '销售合同'],
    ['voidAgreement', '作废协议'],
    ['suppleAgreement', '补充协议'],
    ['riskNotice', '风险告知书'],
  ]),
  // The print pages a template is written for: every print route of the catalogue (ROUTE_DICTIONARIES).
  printVariant: [],
  // The languages a template prints in (a document prints wholly in its template's language).
  documentLanguage: entries([
    ['zh-chs', '简体中文'],
    ['en', '英文'],
    ['zh-cht', '繁体中文'],
    ['ja', '日文'],
  ]),
  billDocument: entries([
    ['statement', '结算单'],
    ['receiptConfirmation', '收货确认书'],
    ['transactionConfirmation', '成交确认书'],
    ['fixingConfirmation', '点价确认书'],
    ['transferConfirmation', '过户确认书'],
    ['invoiceDetails', '发票明细'],
    ['payDoc', '付款单'],
    ['receipt', '收据'],
  ]),
};
