-- The published templates of the contract documents this version prints: the void agreement and the
-- supplementary agreement of a contract, and the confirmation of a fixing. As in 030: the first line is the
-- title, the rest of the first block the preamble, every later block a clause the print page numbers.
insert into contract_templates (name, document, variant, content, status) values
('作废协议', 'voidAgreement', 'voidAgreementPrint', '合同作废协议
原合同编号：{{contractNo}}
原合同签订日期：{{signDate}}

双方于 {{signDate}} 签订的{{kind}}（合同编号 {{contractNo}}，皮棉 {{tonnage}} 吨）尚未发生点价和交货，经双方协商一致，同意作废该合同。

原合同自本协议生效之日起终止履行，双方互不承担违约责任，原合同项下已预留的批次解除预留。

本协议一式两份，双方各执一份，自双方签字盖章之日起生效。', 'active'),
('补充协议', 'suppleAgreement', 'suppleAgreementPrint', '合同补充协议
原合同编号：{{contractId}}
协议版本：第 {{version}} 版
签订日期：{{agreedOn}}

经双方协商一致，就原合同（编号 {{contractId}}）达成如下补充协议，变更类型：{{kind}}。

变更内容：{{summary}}

除本协议变更的条款外，原合同其他条款不变，继续有效；本协议与原合同不一致的，以本协议为准。

本协议一式两份，双方各执一份，自双方签字盖章之日起生效。', 'active');

insert into bill_templates (name, document, variant, content, status) values
('点价确认书', 'fixingConfirmation', 'confirmationPrint', '点价确认书
合同编号：{{contractId}}
点价时间：{{fixedAt}}

双方确认，依据合同编号 {{contractId}} 的约定，点价方对以下数量完成点价。

点价数量：皮棉 {{tonnage}} 吨；期货合约 {{futuresMonth}}，点价价格 {{futuresPrice}} 元/吨。

价格：基差 {{basis}} 元/吨，本次点价含税单价 {{unitPrice}} 元/吨，点价金额见下方。

本确认书为双方合同的组成部分，未尽事宜以双方合同为准。', 'active');
