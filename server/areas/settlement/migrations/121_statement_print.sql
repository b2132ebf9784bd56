-- The published templates of the settlement statement (结算单) the counterparty signs (statementPrint, and the
-- spm tenant's layout statementPrintSpm): the first line is the title, the rest of the first block the
-- preamble, every later block a clause; the batches, charges and claims print as the table of lines, the
-- balance in figures and capitals under it.
insert into bill_templates (name, document, variant, content, status) values
('结算单', 'statement', 'statementPrint', '结算单
结算单号：{{settlementNo}}　　结算日期：{{settleDate}}
合同编号：{{contractId}}　　交易对方：{{partnerId}}

双方依据合同编号 {{contractId}} 的约定，按公证检验证书的公定重量和品质，对下列已交付批次结算如下。

结算重量 {{tonnage}} 吨，货款 {{goodsAmount}} 元；费用 {{chargesAmount}} 元，索赔及扣款 {{claimsAmount}} 元；结算金额 {{totalAmount}} 元（大写：{{totalAmountInWords}}），其中不含税金额 {{amountExcl}} 元、税额 {{vat}} 元（税率 {{taxRate}}）。

已收（付）款冲抵 {{paidAmount}} 元，结算余额 {{balance}} 元（大写：{{balanceInWords}}）。余额为正数由买方支付，为负数由卖方退还。

对方对本结算单无异议的，请签字盖章确认后交回一份；本结算单经双方确认后不再修改，如有索赔或更正另行补充结算。', 'active'),
('结算单（SPM）', 'statement', 'statementPrintSpm', '货款结算确认单
编号：{{settlementNo}}
日期：{{settleDate}}

甲乙双方就合同 {{contractId}}（对方：{{partnerId}}）项下已交付皮棉进行结算，明细见下表，重量为公定重量，价格为含税价。

一、数量与货款：结算重量 {{tonnage}} 吨，货款 {{goodsAmount}} 元。

二、费用与索赔：费用 {{chargesAmount}} 元，索赔及扣款 {{claimsAmount}} 元。

三、结算金额：{{totalAmount}} 元（大写：{{totalAmountInWords}}），不含税 {{amountExcl}} 元，税额 {{vat}} 元。

四、已收（付）款 {{paidAmount}} 元，余额 {{balance}} 元（大写：{{balanceInWords}}）。

五、本确认单经双方签章后生效，不再修改；后续索赔或更正以补充结算为准。', 'active');
