-- The published templates of the receipt confirmation (收货确认书: the client confirms the batches and weights it
-- received; receiptconfirmation and the spm layout receiptconfirmationSpm) over a settlement, and of the invoice
-- detail list (销货清单 / 开票明细, invoiceDetailsPrint) sent with the fapiao over an invoice application: the
-- first line is the title, the rest of the first block the preamble, every later block a clause; the lines print
-- as the table, the amount in figures and capitals under it.
insert into bill_templates (name, document, variant, content, status) values
('收货确认书', 'receiptConfirmation', 'receiptconfirmation', '收货确认书
编号：{{settlementNo}}　　日期：{{settleDate}}
合同编号：{{contractId}}　　收货方：{{partnerId}}

收货方确认已按合同编号 {{contractId}} 收到下表所列批次的皮棉，批号与重量以公证检验证书的公定重量为准，共计 {{tonnage}} 吨，货款 {{goodsAmount}} 元（大写：{{goodsAmountInWords}}）。

收货方对上述批次、重量及品质无异议的，请签字盖章后交回一份，作为结算的依据。', 'active'),
('收货确认书（SPM）', 'receiptConfirmation', 'receiptconfirmationSpm', '货物签收确认单
编号：{{settlementNo}}
日期：{{settleDate}}

买方（{{partnerId}}）确认已收到合同 {{contractId}} 项下的皮棉，明细见下表。

一、数量：共 {{tonnage}} 吨（公定重量）。

二、货值：{{goodsAmount}} 元（大写：{{goodsAmountInWords}}），单价为含税价。

三、买方签收后即视为对所列批次的数量与品质无异议。', 'active'),
('销货清单', 'invoiceDetails', 'invoiceDetailsPrint', '销货清单（开票明细）
申请编号：{{applicationNo}}　　申请日期：{{applyDate}}
购买方：{{partnerId}}　　发票号码：{{invoiceNos}}

本清单随发票 {{invoiceNos}} 附送，逐批列明数量、不含税单价、金额、税额及税率：合计 {{quantity}} 吨，不含税金额 {{amountExcl}} 元，税额 {{vat}} 元，价税合计 {{amount}} 元（大写：{{amountInWords}}）。', 'active');
