-- The published template of the risk notice (风险告知书) a margin call prints for its client
-- (riskNoticePrint). As in 030: the first line is the title, the rest of the first block the preamble, every
-- later block a clause the print page numbers; the figures are the call's as it was opened.
insert into contract_templates (name, document, variant, content, status) values
('风险告知书', 'riskNotice', 'riskNoticePrint', '风险告知书（追加保证金通知）
通知编号：{{callNo}}
发出日期：{{openedOn}}

致 {{partnerId}}：根据双方合同约定的保证金条款，贵方在我方的保证金账户已低于追加保证金线，特此告知。

截至 {{openedOn}}，按 {{futuresMonth}} 结算价 {{settlementPrice}} 元/吨计算，贵方保证金需求为 {{requirement}} 元，保证金余额为 {{balance}} 元，低于追加保证金线 {{callLine}} 元。

请贵方于 {{deadline}}（含当日）交易所收盘前追加保证金 {{amount}} 元（大写：{{amountInWords}}），使保证金余额不低于保证金需求。

逾期未足额追加，或期间保证金余额低于强制点价线 {{forcedLine}} 元的，我方有权按合同约定以当日结算价对贵方未点价数量强制点价，由此产生的损失由贵方承担。

期货价格波动可能使贵方的损失超过已交存的保证金，请贵方充分了解并审慎管理风险。', 'active');
