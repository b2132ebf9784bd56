-- The seeded print templates as legal documents (issue 15): the first line is the title, the rest of the
-- first block the preamble, every later block a clause the print page numbers; parties, line table,
-- amount in figures and capitals, signatures and page numbers are the page's own. No percent sign after a
-- percentage (it prints its own), only placeholders the document has. Only the unedited seeds change.
update contract_templates set content = '棉花采购合同
合同编号：{{contractNo}}
签订日期：{{signDate}}

标的：{{tenant.seller}}向{{tenant.buyer}}出售皮棉 {{tonnage}} 吨（公定重量），溢短装 {{tolerancePercent}}，批次明细见下表。

定价方式：{{kind}}。期货合约 {{futuresMonth}}，基差 {{basis}} 元/吨，点价截止日 {{fixingDeadline}}，点价方：{{pricingParty}}。

价格：含税单价 {{unitPrice}} 元/吨，增值税税率 {{taxRate}}；合同金额见批次明细下方。

质量与重量：以中国纤维质量监测中心出具的公证检验证书为准，重量以公定重量计。

交货与结算：{{tenant.seller}}按批次明细交付仓单或货物，{{tenant.buyer}}凭增值税专用发票结算货款。

争议解决：因本合同发生的争议，双方协商解决；协商不成的，提交{{tenant.buyer}}所在地人民法院诉讼解决。

其他：本合同一式两份，双方各执一份，自双方签字盖章之日起生效。'
 where variant = 'purchasePrint' and version = 1 and name = '采购合同（标准）';

update contract_templates set content = '棉花采购合同
合同编号：{{contractNo}}
签订日期：{{signDate}}

数量：皮棉 {{tonnage}} 吨（公定重量），溢短装 {{tolerancePercent}}，批次明细附后。

价格：{{kind}}；期货合约 {{futuresMonth}}，基差 {{basis}} 元/吨，点价截止日 {{fixingDeadline}}（点价方：{{pricingParty}}）；含税单价 {{unitPrice}} 元/吨，税率 {{taxRate}}。

质量：以公证检验证书为准。

结算：{{tenant.buyer}}收到仓单及增值税专用发票后付款。

争议：协商不成的，提交{{tenant.buyer}}所在地人民法院诉讼解决。

生效：本合同自双方签章之日起生效，一式两份，双方各执一份。'
 where variant = 'purchasePrintSpm' and version = 1 and name = '采购合同（专版）';

update contract_templates set content = '棉花销售合同
合同编号：{{contractNo}}
签订日期：{{signDate}}

标的：{{tenant.seller}}向{{tenant.buyer}}出售皮棉 {{tonnage}} 吨（公定重量），溢短装 {{tolerancePercent}}，批次明细见下表。

定价方式：{{kind}}。期货合约 {{futuresMonth}}，基差 {{basis}} 元/吨，点价截止日 {{fixingDeadline}}，点价方：{{pricingParty}}。

价格：含税单价 {{unitPrice}} 元/吨，增值税税率 {{taxRate}}；合同金额见批次明细下方。

质量与重量：以中国纤维质量监测中心出具的公证检验证书为准，重量以公定重量计。

交货与结算：{{tenant.buyer}}付清货款后，{{tenant.seller}}按批次明细交付仓单或货物并开具增值税专用发票。

争议解决：因本合同发生的争议，双方协商解决；协商不成的，提交{{tenant.seller}}所在地人民法院诉讼解决。

其他：本合同一式两份，双方各执一份，自双方签字盖章之日起生效。'
 where variant = 'marketPrint' and version = 1 and name = '销售合同（标准）';

update contract_templates set content = '棉花销售合同
合同编号：{{contractNo}}
签订日期：{{signDate}}

数量：皮棉 {{tonnage}} 吨（公定重量），溢短装 {{tolerancePercent}}，批次明细附后。

价格：{{kind}}；期货合约 {{futuresMonth}}，基差 {{basis}} 元/吨，点价截止日 {{fixingDeadline}}（点价方：{{pricingParty}}）；含税单价 {{unitPrice}} 元/吨，税率 {{taxRate}}。

质量：以公证检验证书为准。

结算：{{tenant.buyer}}付清货款后提货，{{tenant.seller}}开具增值税专用发票。

争议：协商不成的，提交{{tenant.seller}}所在地人民法院诉讼解决。

生效：本合同自双方签章之日起生效，一式两份，双方各执一份。'
 where variant = 'marketPrintSpm' and version = 1 and name = '销售合同（专版）';

update bill_templates set content = '成交确认书
合同编号：{{contractNo}}
签订日期：{{signDate}}

双方确认以下{{side}}成交：{{kind}}，皮棉 {{tonnage}} 吨（公定重量）。

价格：期货合约 {{futuresMonth}}，基差 {{basis}} 元/吨，含税单价 {{unitPrice}} 元/吨，税率 {{taxRate}}；成交金额见批次明细下方。

本确认书为双方合同的组成部分，未尽事宜以双方合同为准。'
 where variant = 'transactionConfirmation' and version = 1 and name = '成交确认书';

update bill_templates set content = '仓单过户确认书
仓单号：{{receiptNo}}
注册日期：{{registeredOn}}

仓单：批号 {{batchNo}}，存放于 {{warehouseId}}，公定重量 {{conditionedWeight}} 吨（{{lots}} 手），有效期至 {{validUntil}}。

转让方同意将上述仓单过户给受让方 {{transfereeId}}，过户后仓单持有人为 {{holderId}}。

本确认书经双方签章后生效，作为办理交易所仓单过户手续的依据。'
 where variant = 'transferConfirmation' and version = 1 and name = '过户确认书';
