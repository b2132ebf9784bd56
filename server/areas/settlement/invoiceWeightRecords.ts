// The invoice-by-weight ledger on the server (domain-money.md §2.7): the view of migration 211 per contract, and
// its detail's lines: every blue and red invoice line of the contract in the order issued, with the running
// invoiced tonnes and amount (red lines negative). Read only.
import { badRequest } from '../../platform/http/envelope.ts';
import type { LinesStorage, ResourceStorage } from '../../platform/resources/storage.ts';

export const invoiceWeightLines: LinesStorage = {
  load: (db, id) =>
    db.query(
      `select to_char(w.issue_date, 'YYYY-MM-DD') as "issueDate", w.colour, w.invoice_no as "invoiceNo",
              w.batch_no as "batchNo", trim_scale(w.quantity)::text as quantity, w.amount::text,
              trim_scale(sum(w.quantity) over running)::text as "runningTonnes",
              (sum(w.amount) over running)::text as "runningAmount"
         from invoice_weight_lines w where w.contract_id = $1
       window running as (order by w.issue_date, w.at, w.colour, w.id)
        order by w.issue_date, w.at, w.colour, w.id`,
      [id],
    ),
  save: async () => {
    throw badRequest('开票台账由发票生成，不能直接修改');
  },
};

export const invoiceWeightRecordStorage: ResourceStorage = {
  table: 'invoice_weight_records',
  // A sale names a client, a purchase a supplier: a user bound to their clients reads those naming no other.
  clientScope: { names: 'array[t.partner_id]' },
  lines: invoiceWeightLines,
};
