// What pricing needs of the contracts area, in one place: a contract's facts for a client order, its lock,
// the fixing service (fixContract) and the forced fixing of a day (forceFixAfterDeadline), both exported by
// the contracts area. The contracts keep a futures month as it was entered (CF605 or CF2605): prices and
// orders use the market writing, so a contract's month is read through src/domain/futures.ts.

import {
  type ContractKind,
  type ContractSide,
  futuresMonth,
  isPricedLater,
  openTonnage,
  type PricingParty,
  pricingParty,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import { fixContract, forceFixAfterDeadline } from '../contracts/index.ts';

export interface OrderContract {
  id: string;
  contractNo: string;
  side: ContractSide;
  kind: ContractKind;
  partnerId: string;
  status: string;
  /** Market writing (CF2605); null for a contract without a month. */
  futuresMonth: string | null;
  pricingParty: PricingParty | null;
  openTonnage: string;
}

/** The states in which the contracts' fixing service fixes a contract. */
const FIXABLE = ['approved', 'executing'];

export const contractLink = {
  async contract(db: Queryable, id: string): Promise<OrderContract | undefined> {
    const [row] = await db.query<{
      id: string;
      contractNo: string;
      side: ContractSide;
      kind: ContractKind;
      partnerId: string;
      status: string;
      futuresMonth: string | null;
      signDate: string;
      tonnage: string;
      fixedTonnage: string;
    }>(
      `select id::text, contract_no as "contractNo", side, kind, partner_id::text as "partnerId", status,
              futures_month as "futuresMonth", to_char(sign_date, 'YYYY-MM-DD') as "signDate",
              tonnage::text, fixed_tonnage::text as "fixedTonnage"
         from transaction_contracts where id = $1`,
      [id],
    );
    if (!row) return undefined;
    return {
      id: row.id,
      contractNo: row.contractNo,
      side: row.side,
      kind: row.kind,
      partnerId: row.partnerId,
      status: row.status,
      futuresMonth: row.futuresMonth ? (futuresMonth(row.futuresMonth, row.signDate)?.code ?? null) : null,
      pricingParty: pricingParty(row.side, row.kind),
      openTonnage: openTonnage(row.tonnage, row.fixedTonnage),
    };
  },

  /** Why a client order cannot be placed on the contract, if it cannot. */
  orderRefusal(contract: OrderContract): string | undefined {
    if (!isPricedLater(contract.kind)) return `合同 ${contract.contractNo} 是一口价合同，没有点价，不能挂单`;
    if (!contract.futuresMonth) return `合同 ${contract.contractNo} 没有期货合约月份，不能挂单`;
    if (!FIXABLE.includes(contract.status)) return `合同 ${contract.contractNo} 未审批或已结束，不能挂单`;
    if (Number(contract.openTonnage) <= 0) return `合同 ${contract.contractNo} 已全部点价`;
    return undefined;
  },

  /** Orders placed on one contract at once are checked one after the other. */
  async lock(db: Queryable, id: string): Promise<void> {
    await db.query('select 1 from transaction_contracts where id = $1 for update', [id]);
  },

  /** Fixes through the contracts area; throws its refusal (a BusinessError). Answers the fixing's id. */
  async fix(
    hook: HookContext,
    request: {
      contractId: string;
      tonnage: string;
      futuresPrice: string;
      clientOrderId: string;
      /** The trading day of the price the order fills at. */
      tradeDate: string;
    },
  ): Promise<string> {
    return (await fixContract(hook, { ...request, forced: false })).fixingId;
  },

  /**
   * The forced fixing of a day's settlement, for the contracts of the month in either writing. Answers how
   * many contracts were fixed.
   */
  async forceFix(
    hook: HookContext,
    request: { futuresMonth: string; day: string; settlementPrice: string },
  ): Promise<number> {
    const month = futuresMonth(request.futuresMonth, request.day);
    if (!month) return 0;
    let fixed = 0;
    for (const writing of [month.code, month.exchangeCode])
      fixed += (await forceFixAfterDeadline(hook, { ...request, futuresMonth: writing })).length;
    return fixed;
  },
};
