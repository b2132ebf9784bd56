// The print templates the settings area seeds with migration 057 (issue 27): the contract documents carry
// every term a contract holds (quality, delivery warehouse and period, payment terms, the batch table) and
// only the clauses of its kind, and each document has an English template beside the Chinese one. Light
// data: the server's seed writes it, the print tests read the same text.
//
// A Chinese seed replaces the template seeded before it while nobody has edited that one (version 1, its
// seed name); a template in another language is added where none is published. Format: the first line is
// the title, the rest of the first block the preamble, every later block a clause the print page numbers;
// `{{#kind=basis|deferred}}…{{/kind}}` keeps a clause for those kinds only (src/framework/resource/template.ts).

export interface TemplateSeed {
  /** Where it is kept: contract_templates or bill_templates. */
  templates: 'contractTemplate' | 'billTemplate';
  name: string;
  document: string;
  /** The print route that prints it. */
  variant: string;
  language: 'zh-chs' | 'en';
  content: string;
}

/** The clauses of a contract that follow from its kind: price, fixing, delivery before pricing. */
const CONTRACT_PRICE_ZH = `{{#kind=spot}}价格：{{kind}}，含税单价 {{unitPrice}} 元/吨{{#qualityPremium}}（含品质升贴水 {{qualityPremium}} 元/吨）{{/qualityPremium}}，增值税税率 {{taxRate}}；合同金额见下方。{{/kind}}

{{#kind=provisional}}价格：{{kind}}，暂定含税单价 {{unitPrice}} 元/吨{{#qualityPremium}}（含品质升贴水 {{qualityPremium}} 元/吨）{{/qualityPremium}}，增值税税率 {{taxRate}}；暂定金额见下方，最终价格以双方结算确认的价格为准，多退少补。{{/kind}}

{{#kind=basis|deferred}}定价方式：{{kind}}，以郑州商品交易所棉花期货 {{futuresMonth}} 合约点价，基差 {{basis}} 元/吨{{#qualityPremium}}，品质升贴水 {{qualityPremium}} 元/吨{{/qualityPremium}}；含税单价 = 点价价格 + 基差{{#qualityPremium}} + 品质升贴水{{/qualityPremium}}，增值税税率 {{taxRate}}。{{/kind}}

{{#kind=basis|deferred}}点价：由{{pricingParty}}点价，可分次进行，每次点价以双方签署的点价确认书为准；点价截止日为 {{fixingDeadline}}，截止日收盘时仍未点价的数量按当日结算价强制点价。合同金额按各次点价的含税单价与数量结算。{{/kind}}

{{#kind=deferred}}先提货后点价：{{tenant.buyer}}支付暂定货款后可先行提货，点价后按点价结果结算，多退少补。{{/kind}}`;

const CONTRACT_PRICE_EN = `{{#kind=spot}}Price: {{kind}}, {{unitPrice}} CNY per tonne{{#qualityPremium}} (a quality premium of {{qualityPremium}} CNY per tonne included){{/qualityPremium}}, including VAT at {{taxRate}}; the contract amount is stated below.{{/kind}}

{{#kind=provisional}}Price: {{kind}}, a provisional price of {{unitPrice}} CNY per tonne{{#qualityPremium}} (a quality premium of {{qualityPremium}} CNY per tonne included){{/qualityPremium}}, including VAT at {{taxRate}}; the provisional amount is stated below. The final price is the price both parties confirm at settlement; any difference is refunded or paid.{{/kind}}

{{#kind=basis|deferred}}Pricing: {{kind}}, fixed against the {{futuresMonth}} cotton futures contract of the Zhengzhou Commodity Exchange at a basis of {{basis}} CNY per tonne{{#qualityPremium}} and a quality premium of {{qualityPremium}} CNY per tonne{{/qualityPremium}}; unit price including VAT = fixing price + basis{{#qualityPremium}} + quality premium{{/qualityPremium}}, VAT at {{taxRate}}.{{/kind}}

{{#kind=basis|deferred}}Fixing: the {{pricingParty}} fixes the price, in one or more fixings, each confirmed by a fixing confirmation both parties sign, no later than {{fixingDeadline}}; any quantity not fixed at that day's close is fixed at that day's settlement price. The contract amount is settled at the unit prices and quantities of the fixings.{{/kind}}

{{#kind=deferred}}Delivery before pricing: the {{tenant.buyer}} may take delivery against a provisional payment; once the price is fixed the difference is refunded or paid.{{/kind}}`;

const contractZh = (title: string, court: 'buyer' | 'seller') => `${title}
合同编号：{{contractNo}}
签订日期：{{signDate}}

标的：{{tenant.seller}}向{{tenant.buyer}}出售{{#cropYear}} {{cropYear}} 年度{{/cropYear}}皮棉 {{tonnage}} 吨（公定重量），溢短装 {{tolerancePercent}}{{#lines}}，批次明细见下表{{/lines}}。

质量：{{qualitySpec}}。质量与重量以中国纤维质量监测中心出具的公证检验证书为准，重量以公定重量计。

${CONTRACT_PRICE_ZH}

交货：交货仓库 {{warehouseId}}，交货期 {{deliveryFrom}} 至 {{deliveryTo}}；{{tenant.seller}}按约定交付仓单或货物。

付款：{{paymentTerms}}

发票：{{tenant.seller}}按结算金额开具增值税专用发票。

争议解决：因本合同发生的争议，双方协商解决；协商不成的，提交{{tenant.${court}}}所在地人民法院诉讼解决。

其他：本合同一式两份，双方各执一份，自双方签字盖章之日起生效。`;

const contractEn = (title: string, court: 'buyer' | 'seller') => `${title}
Contract No.: {{contractNo}}
Date of signing: {{signDate}}

Subject: the {{tenant.seller}} sells to the {{tenant.buyer}} {{tonnage}} tonnes of lint cotton{{#cropYear}} of the {{cropYear}} crop{{/cropYear}} (conditioned weight), with a tolerance of {{tolerancePercent}} more or less{{#lines}}, in the batches listed below{{/lines}}.

Quality: {{qualitySpec}}. Quality and weight as certified by the public inspection certificates of the China Fibre Quality Monitoring Center; weights are conditioned weights.

${CONTRACT_PRICE_EN}

Delivery: at {{warehouseId}}, from {{deliveryFrom}} to {{deliveryTo}}; the {{tenant.seller}} delivers warehouse receipts or goods as agreed.

Payment: {{paymentTerms}}

Invoicing: the {{tenant.seller}} issues special VAT invoices for the amounts settled.

Disputes: the parties settle any dispute arising from this contract by negotiation; failing that, it is brought before the people's court where the {{tenant.${court}}} is domiciled.

Miscellaneous: this contract is made in two counterparts, one for each party, and takes effect when both parties have signed and sealed it.`;

/** The special variant (专版): the same terms in its shorter clauses. */
const contractSpmZh = (title: string, court: 'buyer' | 'seller') => `${title}
合同编号：{{contractNo}}
签订日期：{{signDate}}

数量：{{#cropYear}} {{cropYear}} 年度{{/cropYear}}皮棉 {{tonnage}} 吨（公定重量），溢短装 {{tolerancePercent}}{{#lines}}，批次明细附后{{/lines}}。

质量：{{qualitySpec}}，以公证检验证书为准。

${CONTRACT_PRICE_ZH}

交货：{{warehouseId}}，{{deliveryFrom}} 至 {{deliveryTo}}。

结算：{{paymentTerms}}；{{tenant.seller}}开具增值税专用发票。

争议：协商不成的，提交{{tenant.${court}}}所在地人民法院诉讼解决。

生效：本合同自双方签章之日起生效，一式两份，双方各执一份。`;

const contractSpmEn = (title: string, court: 'buyer' | 'seller') => `${title}
Contract No.: {{contractNo}}
Date of signing: {{signDate}}

Quantity: {{tonnage}} tonnes of lint cotton{{#cropYear}} of the {{cropYear}} crop{{/cropYear}} (conditioned weight), tolerance {{tolerancePercent}} more or less{{#lines}}, batches as attached{{/lines}}.

Quality: {{qualitySpec}}, as certified by the public inspection certificates.

${CONTRACT_PRICE_EN}

Delivery: {{warehouseId}}, from {{deliveryFrom}} to {{deliveryTo}}.

Settlement: {{paymentTerms}}; the {{tenant.seller}} issues special VAT invoices.

Disputes: failing negotiation, the people's court where the {{tenant.${court}}} is domiciled decides.

Effect: this contract takes effect when both parties have signed and sealed it; two counterparts, one for each party.`;

const TRANSACTION_CONFIRMATION_ZH = `成交确认书
合同编号：{{contractNo}}
签订日期：{{signDate}}

双方确认以下{{side}}成交：{{kind}}，{{#cropYear}}{{cropYear}} 年度{{/cropYear}}皮棉 {{tonnage}} 吨（公定重量），溢短装 {{tolerancePercent}}，质量 {{qualitySpec}}。

{{#kind=spot|provisional}}价格：含税单价 {{unitPrice}} 元/吨{{#qualityPremium}}（含品质升贴水 {{qualityPremium}} 元/吨）{{/qualityPremium}}，税率 {{taxRate}}；成交金额见下方。{{/kind}}

{{#kind=basis|deferred}}价格：期货合约 {{futuresMonth}}，基差 {{basis}} 元/吨{{#qualityPremium}}，品质升贴水 {{qualityPremium}} 元/吨{{/qualityPremium}}，由{{pricingParty}}于 {{fixingDeadline}} 前点价，税率 {{taxRate}}；成交金额按点价结算。{{/kind}}

交货与付款：交货仓库 {{warehouseId}}，交货期 {{deliveryFrom}} 至 {{deliveryTo}}；{{paymentTerms}}

本确认书为双方合同的组成部分，未尽事宜以双方合同为准。`;

const TRANSACTION_CONFIRMATION_EN = `Transaction Confirmation
Contract No.: {{contractNo}}
Date of signing: {{signDate}}

The parties confirm this {{side}}: {{kind}}, {{tonnage}} tonnes of lint cotton{{#cropYear}} of the {{cropYear}} crop{{/cropYear}} (conditioned weight), tolerance {{tolerancePercent}} more or less, quality {{qualitySpec}}.

{{#kind=spot|provisional}}Price: {{unitPrice}} CNY per tonne{{#qualityPremium}} (quality premium of {{qualityPremium}} CNY per tonne included){{/qualityPremium}}, including VAT at {{taxRate}}; the amount is stated below.{{/kind}}

{{#kind=basis|deferred}}Price: futures contract {{futuresMonth}}, basis {{basis}} CNY per tonne{{#qualityPremium}}, quality premium {{qualityPremium}} CNY per tonne{{/qualityPremium}}, fixed by the {{pricingParty}} no later than {{fixingDeadline}}, VAT at {{taxRate}}; the amount is settled at the fixings.{{/kind}}

Delivery and payment: at {{warehouseId}}, from {{deliveryFrom}} to {{deliveryTo}}; {{paymentTerms}}

This confirmation forms part of the parties' contract; anything it does not settle is governed by that contract.`;

const VOID_AGREEMENT_EN = `Agreement to Void a Contract
Contract No.: {{contractNo}}
Date of the contract: {{signDate}}

The {{kind}} the parties signed on {{signDate}} (contract No. {{contractNo}}, {{tonnage}} tonnes of lint cotton) has had neither a fixing nor a delivery; by mutual agreement, the parties void it.

The contract ceases to bind the parties when this agreement takes effect; neither party is liable to the other for it, and the batches reserved under it are released.

This agreement is made in two counterparts, one for each party, and takes effect when both parties have signed and sealed it.`;

const SUPPLEMENTARY_AGREEMENT_EN = `Supplementary Agreement
Contract No.: {{contractId}}
Version: {{version}}
Date: {{agreedOn}}

By mutual agreement, the parties supplement the contract No. {{contractId}} as follows; kind of change: {{kind}}.

Change: {{summary}}

The terms of the contract this agreement does not change remain in force; where this agreement and the contract differ, this agreement prevails.

This agreement is made in two counterparts, one for each party, and takes effect when both parties have signed and sealed it.`;

const FIXING_CONFIRMATION_EN = `Fixing Confirmation
Contract No.: {{contractId}}
Fixed at: {{fixedAt}}

The parties confirm that, under the contract No. {{contractId}}, the pricing party has fixed the price of the quantity below.

Quantity fixed: {{tonnage}} tonnes of lint cotton; futures contract {{futuresMonth}}, fixing price {{futuresPrice}} CNY per tonne.

Price: basis {{basis}} CNY per tonne; unit price of this fixing including VAT {{unitPrice}} CNY per tonne; the amount of the fixing is stated below.

This confirmation forms part of the parties' contract; anything it does not settle is governed by that contract.`;

const TRANSFER_CONFIRMATION_EN = `Warehouse Receipt Transfer Confirmation
Receipt No.: {{receiptNo}}
Registered on: {{registeredOn}}

Receipt: batch {{batchNo}}, stored at {{warehouseId}}, conditioned weight {{conditionedWeight}} tonnes ({{lots}} lots), valid until {{validUntil}}.

The transferor agrees to transfer the receipt above to the transferee {{transfereeId}}; after the transfer its holder is {{holderId}}.

This confirmation takes effect when both parties have signed and sealed it and is the basis for the transfer at the exchange.`;

const RISK_NOTICE_EN = `Risk Notice (Margin Call)
Notice No.: {{callNo}}
Date: {{openedOn}}

To {{partnerId}}: under the margin terms of our contracts, your margin account with us has fallen below the call line, of which we hereby notify you.

As of {{openedOn}}, at the {{futuresMonth}} settlement price of {{settlementPrice}} CNY per tonne, your margin requirement is {{requirement}} CNY and your margin balance {{balance}} CNY, below the call line of {{callLine}} CNY.

Please pay an additional margin of {{amount}} CNY ({{amountInWords}}) by the close of the exchange on {{deadline}} (inclusive), so that your balance is no less than the requirement.

Should the call not be met in full in time, or your balance fall below the forced line of {{forcedLine}} CNY meanwhile, we may fix your unfixed quantity at that day's settlement price as the contracts provide, any loss being yours.

Futures prices may move so that your loss exceeds the margin you have paid; please understand the risk fully and manage it with care.`;

export const PRINT_TEMPLATE_SEEDS: readonly TemplateSeed[] = [
  {
    templates: 'contractTemplate',
    name: '采购合同（标准）',
    document: 'purchase',
    variant: 'purchasePrint',
    language: 'zh-chs',
    content: contractZh('棉花采购合同', 'buyer'),
  },
  {
    templates: 'contractTemplate',
    name: 'Purchase contract (standard)',
    document: 'purchase',
    variant: 'purchasePrint',
    language: 'en',
    content: contractEn('Cotton Purchase Contract', 'buyer'),
  },
  {
    templates: 'contractTemplate',
    name: '采购合同（专版）',
    document: 'purchase',
    variant: 'purchasePrintSpm',
    language: 'zh-chs',
    content: contractSpmZh('棉花采购合同', 'buyer'),
  },
  {
    templates: 'contractTemplate',
    name: 'Purchase contract (special)',
    document: 'purchase',
    variant: 'purchasePrintSpm',
    language: 'en',
    content: contractSpmEn('Cotton Purchase Contract', 'buyer'),
  },
  {
    templates: 'contractTemplate',
    name: '销售合同（标准）',
    document: 'market',
    variant: 'marketPrint',
    language: 'zh-chs',
    content: contractZh('棉花销售合同', 'seller'),
  },
  {
    templates: 'contractTemplate',
    name: 'Sales contract (standard)',
    document: 'market',
    variant: 'marketPrint',
    language: 'en',
    content: contractEn('Cotton Sales Contract', 'seller'),
  },
  {
    templates: 'contractTemplate',
    name: '销售合同（专版）',
    document: 'market',
    variant: 'marketPrintSpm',
    language: 'zh-chs',
    content: contractSpmZh('棉花销售合同', 'seller'),
  },
  {
    templates: 'contractTemplate',
    name: 'Sales contract (special)',
    document: 'market',
    variant: 'marketPrintSpm',
    language: 'en',
    content: contractSpmEn('Cotton Sales Contract', 'seller'),
  },
  {
    templates: 'billTemplate',
    name: '成交确认书',
    document: 'transactionConfirmation',
    variant: 'transactionConfirmation',
    language: 'zh-chs',
    content: TRANSACTION_CONFIRMATION_ZH,
  },
  {
    templates: 'billTemplate',
    name: 'Transaction confirmation',
    document: 'transactionConfirmation',
    variant: 'transactionConfirmation',
    language: 'en',
    content: TRANSACTION_CONFIRMATION_EN,
  },
  {
    templates: 'contractTemplate',
    name: 'Void agreement',
    document: 'voidAgreement',
    variant: 'voidAgreementPrint',
    language: 'en',
    content: VOID_AGREEMENT_EN,
  },
  {
    templates: 'contractTemplate',
    name: 'Supplementary agreement',
    document: 'suppleAgreement',
    variant: 'suppleAgreementPrint',
    language: 'en',
    content: SUPPLEMENTARY_AGREEMENT_EN,
  },
  {
    templates: 'billTemplate',
    name: 'Fixing confirmation',
    document: 'fixingConfirmation',
    variant: 'confirmationPrint',
    language: 'en',
    content: FIXING_CONFIRMATION_EN,
  },
  {
    templates: 'billTemplate',
    name: 'Transfer confirmation',
    document: 'transferConfirmation',
    variant: 'transferConfirmation',
    language: 'en',
    content: TRANSFER_CONFIRMATION_EN,
  },
  {
    templates: 'contractTemplate',
    name: 'Risk notice',
    document: 'riskNotice',
    variant: 'riskNoticePrint',
    language: 'en',
    content: RISK_NOTICE_EN,
  },
];
