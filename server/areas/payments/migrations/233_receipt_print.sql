-- The published templates of the receipt (收据, /pending/receipt) a client's payment prints once received, in
-- Chinese and English: as in 030, the first line is the title, the rest of the first block the preamble,
-- every later block a clause the print page numbers; the amount prints in figures and in capitals.
insert into bill_templates (name, document, variant, language, content, status) values
('收据', 'receipt', 'receiptPrint', 'zh-chs', '收据
收据编号：{{paymentNo}}
收款日期：{{receivedOn}}

今收到 {{partnerId}} 交来{{kind}}，人民币 {{amount}} 元（大写：{{amountInWords}}）。

款项依据合同：{{contractId}}；银行流水号：{{bankReference}}。

本收据仅证明上述款项已到账，货款结算以双方确认的结算单为准。备注：{{remark}}', 'active'),
('Receipt', 'receipt', 'receiptPrint', 'en', 'Receipt
Receipt No.: {{paymentNo}}
Received on: {{receivedOn}}

Received from {{partnerId}}, {{kind}}: CNY {{amount}} ({{amountInWords}}).

Under contract: {{contractId}}; bank reference: {{bankReference}}.

This receipt confirms only that the money above was received; the goods are settled by the statement both
parties confirm. Remark: {{remark}}', 'active');
