// A client about to be called for margin (issue 13), set up through the API for the scenarios that need a
// margin call: the margin scenario (the price entered on screen) and the print scenario (the risk notice).
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { clientMarginMovement, marginCall } from '../../../src/areas/margin/index.ts';
import { clientMarginSet } from '../../../src/areas/partners/index.ts';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { client as clientDecl } from '../../../src/areas/sales/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import type { ServerApi } from './api.ts';
import { check, checkEqual } from './expect.ts';

/** Today in Beijing (the business day of the server), YYYY-MM-DD. */
export const beijingToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', dateStyle: 'short' }).format(new Date());

/** The latest weekday up to `today`: the day whose settlement price is entered (today, on a trading day). */
export function lastWeekday(today: string): string {
  const day = new Date(`${today}T00:00:00Z`);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** The `n`th odd (CF) month after today's, as the exchange writes it (CF2707). */
function cfMonthAhead(today: string, n: number): string {
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  for (let found = 0; found < n; ) {
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
    if (month % 2 === 1) found += 1;
  }
  return `CF${String(year % 100).padStart(2, '0')}${String(month).padStart(2, '0')}`;
}

async function transition(api: ServerApi, token: string, id: string, action: string) {
  const answer = await api.post(resourcePath(transactionContract, 'transition'), { id, action }, token);
  checkEqual(answer.code, 200, `${action} of the contract: ${answer.msg}`);
}

export interface ClientToCall {
  client: { id: string };
  clientName: string;
  month: string;
  tradeDate: string;
  /** The latest settlement of the month (15000 when it has none): 50 t were fixed at it. */
  s0: number;
}

/**
 * A client with its own terms (m0 800 per open tonne, a call under 80 %), a basis sale of 100 t over a CF
 * month (four ahead by default), submitted by one user and approved by another, 50 t fixed at the month's latest
 * settlement, 40000 deposited and 20000 allotted: a settlement 400 lower raises a call for 20000.
 */
export async function clientAboutToBeCalled(
  api: ServerApi,
  /** The administrator saves and fixes; the contract is submitted by `submitter` (default the administrator)
   * and approved by `approver`, another user. */
  tokens: { admin: string; approver: string; submitter?: string },
  suffix: string,
  /** How many CF months ahead: each scenario of a tenant prices a month of its own on the same day. */
  monthsAhead = 4,
): Promise<ClientToCall> {
  const admin = { token: tokens.admin };
  const riskSession = { token: tokens.approver };
  const today = beijingToday();
  const tradeDate = lastWeekday(today);
  // A month far enough out that no other scenario prices it, and its latest settlement if it has one (a new
  // price must stay within the daily limit around it), else 15000.
  const month = cfMonthAhead(today, monthsAhead);
  const quotes = await api.list(admin.token, futuresPrice, { futuresMonth: month });
  check(
    !quotes.some((q) => q.tradeDate === tradeDate),
    `${month} already has a price on ${tradeDate}: the scenario enters that day's`,
  );
  const previous = quotes
    .filter((q) => q.settlementPrice && String(q.tradeDate) < tradeDate)
    .sort((a, b) => String(b.tradeDate).localeCompare(String(a.tradeDate)))[0];
  const s0 = previous ? Number(previous.settlementPrice) : 15000;

  // The client: its own terms (m0 800 per open tonne, a call under 80 %), a basis sale of 100 t over the
  // month, approved by risk (four eyes), 50 t fixed at the latest settlement.
  const clientName = `追保纺织${suffix}`;
  const client = await api.save(admin.token, clientDecl, { name: clientName, creditLimit: '50000000' });
  await api.save(admin.token, clientMarginSet, {
    partnerId: client.id,
    initialMarginPerTonne: '800',
    callRatio: '80',
    callDeadlineDays: 2,
    effectiveFrom: '2026-01-01',
  });
  const contract = await api.save(admin.token, transactionContract, {
    side: 'sale',
    kind: 'basis',
    partnerId: client.id,
    signDate: today,
    tonnage: '100',
    tolerancePercent: '0',
    futuresMonth: month,
    basis: '850',
    fixingDeadline: `${Number(today.slice(0, 4)) + 1}-04-15`,
    qualityPremium: '0',
  });
  await transition(api, tokens.submitter ?? admin.token, contract.id, 'submit');
  await transition(api, riskSession.token, contract.id, 'approve');
  const fixed = await api.post(
    resourcePath(transactionContract, 'detail').replace(/\/detail$/, '/fix'),
    { id: contract.id, tonnage: '50', futuresPrice: s0.toFixed(2) },
    admin.token,
  );
  checkEqual(fixed.code, 200, `fixing 50 t at ${s0}: ${fixed.msg}`);
  // Its margin account: 40000 deposited, the requirement 800 × 50 open t = 40000 (line 32000), 20000 of it
  // allotted to the contract. No call yet.
  for (const movement of [
    { kind: 'deposit', amount: '40000' } as Record<string, string>,
    { kind: 'allot', amount: '20000', contractId: contract.id },
  ])
    await api.save(admin.token, clientMarginMovement, {
      partnerId: client.id,
      occurredOn: today,
      ...movement,
    });

  checkEqual(
    (await api.list(admin.token, marginCall, { partnerId: client.id })).length,
    0,
    'calls of the client before the price',
  );
  return { client, clientName, month, tradeDate, s0 };
}
