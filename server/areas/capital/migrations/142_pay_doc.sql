-- The published templates of the payment voucher (付款申请单 / 付款单, payDoc) a payment out prints, in
-- Chinese and English. As in 030: the first line is the title, the rest of the first block the preamble,
-- every later block a clause the print page numbers; the approval trail names who submitted, checked and
-- approved it finally.
insert into bill_templates (name, document, variant, language, content, status) values
('付款申请单', 'payDoc', 'payDoc', 'zh-chs', '付款申请单
付款单号：{{paymentNo}}
申请付款日期：{{requestedPayDate}}

收款单位：{{payeeId}}；开户银行：{{payeeBank}}；账号：{{payeeAccountNo}}。

付款用途：{{purpose}}；关联合同：{{contractId}}；关联费用：{{feeId}}。

付款金额：人民币 {{amount}} 元（大写：{{amountInWords}}）。

审批：申请人 {{submittedBy}}，审核人 {{checkedBy}}，终审人 {{approvedBy}}。

付款：付款账户 {{bankAccountId}}，付款日期 {{paidOn}}，经办人 {{paidBy}}。备注：{{remark}}', 'active'),
('Payment voucher', 'payDoc', 'payDoc', 'en', 'Payment Voucher
Payment No.: {{paymentNo}}
Requested pay date: {{requestedPayDate}}

Payee: {{payeeId}}; bank: {{payeeBank}}; account No.: {{payeeAccountNo}}.

Purpose: {{purpose}}; contract: {{contractId}}; fee record: {{feeId}}.

Amount: CNY {{amount}} ({{amountInWords}}).

Approvals: submitted by {{submittedBy}}, checked by {{checkedBy}}, final approval by {{approvedBy}}.

Paid from account {{bankAccountId}} on {{paidOn}} by {{paidBy}}. Remark: {{remark}}', 'active');
