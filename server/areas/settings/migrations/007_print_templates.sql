-- The published templates the contract print pages start with (the administrator edits them in
-- contractTemplate / billTemplate: a new version is published, this one is retired). Placeholders are
-- transaction contract fields as displayed; {{amountInWords}} is the amount in Chinese capitals; the
-- parties are named by the tenant's own terms ({{tenant.buyer}}, {{tenant.seller}}, {{tenant.name}}).
insert into contract_templates (name, document, variant, content, status) values
('采购合同（标准）', 'purchase', 'purchasePrint', '棉花采购合同

合同编号：{{contractNo}}        签订日期：{{signDate}}
{{tenant.seller}}：{{partnerId}}
{{tenant.buyer}}：{{tenant.name}}

一、标的：皮棉 {{tonnage}} 吨（公定重量），溢短装 {{tolerancePercent}}%。
二、定价方式：{{kind}}。期货合约 {{futuresMonth}}，基差 {{basis}} 元/吨，点价截止日 {{fixingDeadline}}，点价方：{{pricingParty}}。
三、含税单价 {{unitPrice}} 元/吨，税率 {{taxRate}}%，合同金额 {{amount}} 元（大写：{{amountInWords}}）。
四、质量与重量：以中国纤维质量监测中心公检证书为准，批次见下表。
五、其他：未尽事宜由双方协商解决。

{{tenant.seller}}（盖章）：                    {{tenant.buyer}}（盖章）：{{tenant.name}}', 'active'),
('采购合同（专版）', 'purchase', 'purchasePrintSpm', '棉花采购合同

合同编号：{{contractNo}}
签订日期：{{signDate}}

{{tenant.seller}}：{{partnerId}}
{{tenant.buyer}}：{{tenant.name}}

第一条 数量：{{tonnage}} 吨（公定重量），溢短装 {{tolerancePercent}}%。
第二条 价格：{{kind}}；期货合约 {{futuresMonth}}，基差 {{basis}} 元/吨，点价截止日 {{fixingDeadline}}（点价方：{{pricingParty}}）；含税单价 {{unitPrice}} 元/吨，税率 {{taxRate}}%。
第三条 金额：{{amount}} 元，大写 {{amountInWords}}。
第四条 质量：以公检证书为准，批次明细附后。
第五条 争议：协商不成的，提交{{tenant.buyer}}所在地人民法院诉讼解决。

{{tenant.seller}}签章：                    {{tenant.buyer}}签章：
日期：                                    日期：', 'active'),
('销售合同（标准）', 'market', 'marketPrint', '棉花销售合同

合同编号：{{contractNo}}        签订日期：{{signDate}}
{{tenant.seller}}：{{tenant.name}}
{{tenant.buyer}}：{{partnerId}}

一、标的：皮棉 {{tonnage}} 吨（公定重量），溢短装 {{tolerancePercent}}%。
二、定价方式：{{kind}}。期货合约 {{futuresMonth}}，基差 {{basis}} 元/吨，点价截止日 {{fixingDeadline}}，点价方：{{pricingParty}}。
三、含税单价 {{unitPrice}} 元/吨，税率 {{taxRate}}%，合同金额 {{amount}} 元（大写：{{amountInWords}}）。
四、质量与重量：以中国纤维质量监测中心公检证书为准，批次见下表。
五、其他：未尽事宜由双方协商解决。

{{tenant.seller}}（盖章）：{{tenant.name}}                    {{tenant.buyer}}（盖章）：', 'active'),
('销售合同（专版）', 'market', 'marketPrintSpm', '棉花销售合同

合同编号：{{contractNo}}
签订日期：{{signDate}}

{{tenant.seller}}：{{tenant.name}}
{{tenant.buyer}}：{{partnerId}}

第一条 数量：{{tonnage}} 吨（公定重量），溢短装 {{tolerancePercent}}%。
第二条 价格：{{kind}}；期货合约 {{futuresMonth}}，基差 {{basis}} 元/吨，点价截止日 {{fixingDeadline}}（点价方：{{pricingParty}}）；含税单价 {{unitPrice}} 元/吨，税率 {{taxRate}}%。
第三条 金额：{{amount}} 元，大写 {{amountInWords}}。
第四条 质量：以公检证书为准，批次明细附后。
第五条 争议：协商不成的，提交{{tenant.seller}}所在地人民法院诉讼解决。

{{tenant.seller}}签章：                    {{tenant.buyer}}签章：
日期：                                    日期：', 'active');

insert into bill_templates (name, document, variant, content, status) values
('成交确认书', 'transactionConfirmation', 'transactionConfirmation', '成交确认书

合同编号：{{contractNo}}（{{side}}，{{kind}}）    签订日期：{{signDate}}
对方：{{partnerId}}

双方确认成交皮棉 {{tonnage}} 吨，期货合约 {{futuresMonth}}，基差 {{basis}} 元/吨，含税单价 {{unitPrice}} 元/吨，金额 {{amount}} 元（大写：{{amountInWords}}）。批次见下表。

{{tenant.name}}（盖章）                    对方（盖章）', 'active'),
('过户确认书', 'transferConfirmation', 'transferConfirmation', '仓单过户确认书

仓单号：{{receiptNo}}        批号：{{batchNo}}
仓库：{{warehouseId}}
公定重量：{{conditionedWeight}} 吨（{{lots}} 手）        有效期至：{{validUntil}}
注册日期：{{registeredOn}}

{{tenant.name}}同意将上述仓单过户给 {{transfereeId}}，过户后仓单持有人为 {{holderId}}。

{{tenant.name}}（盖章）                    受让方（盖章）', 'active');
