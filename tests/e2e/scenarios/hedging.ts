// Hedging (issue 12): a trader fixes part of a purchase on basis; the fixing makes its hedge order at once;
// the trader fills it on the hedge book while the positions screen, open in another tab, moves by itself;
// then rolls the lots to a later month with the contract, previewed first, and the contract's price stays.
import type { Page } from 'playwright-core';
import { org, role, user } from '../../../src/areas/access/index.ts';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { POSITIONS_PATH, type PositionsAnswer } from '../../../src/areas/hedging/api.ts';
import { futuresAccount, futuresRoll, hedgeOrder } from '../../../src/areas/hedging/index.ts';
import { partner } from '../../../src/areas/partners/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { routeByKey } from '../../../src/shared/routes/catalogue.ts';
import { scenario } from '../runner.ts';
import type { ServerApi } from '../support/api.ts';
import { check, checkEqual, until, visible } from '../support/expect.ts';
import { L, login, named, pickOption, settled } from '../support/shell.ts';
import type { DemoUser } from '../support/users.ts';

const run = () => Date.now().toString(36).slice(-5);

async function transition(api: ServerApi, token: string, id: string, action: string) {
  const answer = await api.post(resourcePath(transactionContract, 'transition'), { id, action }, token);
  checkEqual(answer.code, 200, `${action} of the contract: ${answer.msg}`);
}

/** Types a date (and time) into an antd picker and closes it. */
async function fillPicker(page: Page, selector: string, value: string) {
  const input = page.getByRole('dialog').locator(selector);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** Opens a command's drawer, previews where it must, and confirms. */
async function runCommand(page: Page, title: string, fill: () => Promise<void>, preview: boolean) {
  await page
    .getByRole('main')
    .getByRole('button', { name: named(title) })
    .click();
  const drawer = page.getByRole('dialog').filter({ has: page.getByRole('form') });
  await visible(drawer, `the ${title} drawer`);
  await settled(drawer);
  await fill();
  if (preview) {
    await drawer.getByRole('button', { name: named(L('command.preview')) }).click();
    await visible(drawer.getByText(L('command.previewTitle')), `the ${title} preview`);
  }
  await drawer.getByRole('button', { name: named(L(preview ? 'command.confirm' : 'resource.save')) }).click();
}

scenario(
  'a fixing makes its hedge order, the trader fills it, positions move live, a roll keeps the price',
  async (t) => {
    const { api, page, users } = t;
    const admin = await api.login(users.admin.loginName, users.admin.password);
    const suffix = run();
    // A trader of the desk, made by the administrator with the demo trading role.
    // The role list filters by name, not code: the trader role is picked by its code here.
    const traderRole = (await api.list(admin.token, role)).find((r) => r.code === 'trader');
    check(traderRole, 'the demo has no trader role');
    const [department] = await api.list(admin.token, org, { name: '总公司' });
    const made = await api.save<{ id: string; temporaryPassword: string }>(admin.token, user, {
      loginName: `hedger${suffix}`,
      relName: `套保员${suffix}`,
      phone: '13700000012',
      departmentId: department!.id,
      roleIds: [traderRole.id],
    });
    const trader: DemoUser = {
      loginName: `hedger${suffix}`,
      password: await api.ownPassword(`hedger${suffix}`, made.temporaryPassword),
      relName: `套保员${suffix}`,
      phone: '13700000012',
      departName: '',
    };
    const desk = await api.login(trader.loginName, trader.password);
    const supplier = await api.save(admin.token, partner, { name: `轧花厂${suffix}`, kinds: ['supplier'] });
    const broker = await api.save(admin.token, partner, { name: `期货公司${suffix}`, kinds: ['supplier'] });
    const accountNo = `H${suffix}`;
    const account = await api.save(desk.token, futuresAccount, {
      accountNo,
      brokerId: broker.id,
      book: 'hedge',
    });
    // Two purchases of 50 t on basis 800 over CF2705, drafted and submitted by the administrator and
    // approved by the desk (another user: four eyes): one to fix, one to roll unpriced.
    const purchase = async () => {
      const made = await api.save(admin.token, transactionContract, {
        side: 'purchase',
        kind: 'basis',
        partnerId: supplier.id,
        signDate: '2026-11-20',
        tonnage: '50',
        tolerancePercent: '0',
        futuresMonth: 'CF2705',
        basis: '800',
        fixingDeadline: '2027-04-15',
        qualityPremium: '0',
      });
      await transition(api, admin.token, made.id, 'submit');
      await transition(api, desk.token, made.id, 'approve');
      return made;
    };
    const contract = await purchase();
    const unpriced = await purchase();
    const contractNo = String(contract.contractNo);
    const stored = async (id: string) =>
      (await api.list(admin.token, transactionContract, { partnerId: supplier.id })).find((c) => c.id === id);

    // The trader fixes all 50 t at 15000 (P = 15800): ten lots to sell, ordered with the fixing.
    await login(page, trader);
    await page.goto(`/#${routeByKey('PointPriceContract')!.path}`);
    const main = page.getByRole('main');
    const row = main.locator('tr').filter({ hasText: contractNo });
    await visible(row, 'the purchase in the list');
    await row.getByRole('link', { name: named(L('resource.view')) }).click();
    await visible(main.getByText(contractNo).first(), 'the contract detail');
    await runCommand(
      page,
      L('contracts:transactionContract.commands.fix'),
      async () => {
        const drawer = page.getByRole('dialog').filter({ has: page.locator('#futuresPrice') });
        await drawer.locator('#tonnage').fill('50');
        await drawer.locator('#futuresPrice').fill('15000');
      },
      true,
    );
    await visible(page.getByText(/^点价 /).first(), 'the fixing done');
    const [order] = await api
      .list(desk.token, hedgeOrder, { status: 'open' })
      .then((orders) => orders.filter((o) => String(o.contractNos).includes(contractNo)));
    check(order, 'the fixing made no hedge order');
    checkEqual(
      JSON.stringify([order.side, order.lots, order.futuresMonth]),
      JSON.stringify(['sell', 10, 'CF2705']),
      'the hedge order',
    );

    // The positions screen, open in another tab, before the fill.
    const positions = await page.context().newPage();
    await positions.goto(`/#${routeByKey('TradeTotal')!.path}`);
    const exposureRow = positions.locator('tr').filter({ hasText: 'CF2705' });
    await visible(exposureRow.first(), 'the month on the positions screen');
    const before = (await api.post<PositionsAnswer>(POSITIONS_PATH, {}, desk.token)).data!;
    const hedgedBefore = before.positions.find((p) => p.book === 'hedge' && p.month === 'CF2705');

    // The desk fills it from the open orders.
    await page.goto(`/#${routeByKey('hedge')!.path}`);
    const orderRow = main.locator('tr').filter({ hasText: String(order.orderNo) });
    await visible(orderRow, 'the hedge order among the open ones');
    await orderRow.getByRole('link', { name: named(L('resource.view')) }).click();
    await visible(main.getByText(String(order.orderNo)).first(), 'the hedge order detail');
    await runCommand(
      page,
      L('hedging:hedgeOrder.commands.fill'),
      async () => {
        const drawer = page.getByRole('dialog').filter({ has: page.getByRole('form') });
        await pickOption(page, drawer.locator('#accountId'), new RegExp(accountNo));
        await drawer.locator('#price').fill('15000');
        await fillPicker(page, '#tradedAt', '2026-11-23 10:00:00');
      },
      false,
    );
    await visible(main.getByText(L('hedging:state.filled'), { exact: true }).first(), 'the filled order');

    // The other tab moved by itself: ten more short lots in the hedge book.
    const after = (await api.post<PositionsAnswer>(POSITIONS_PATH, {}, desk.token)).data!;
    const hedged = after.positions.find((p) => p.book === 'hedge' && p.month === 'CF2705');
    checkEqual(hedged?.shortLots, (hedgedBefore?.shortLots ?? 0) + 10, 'short lots after the fill');
    const shortCell = positions.locator('tr').filter({ hasText: 'CF2705' }).filter({ hasText: '15000' });
    await until('the positions tab to show the new short lots without a reload', async () =>
      (
        await shortCell
          .first()
          .innerText()
          .catch(() => '')
      ).includes(String(hedged!.shortLots)),
    );

    // A roll of the ten lots to CF2709 with the unpriced purchase: 15000 → 15300 moves its basis 800 → 500,
    // so at the roll prices it is worth what it was (15000 + 800 = 15300 + 500).
    const roll = await api.save(desk.token, futuresRoll, {
      accountId: account.id,
      side: 'sell',
      fromMonth: 'CF2705',
      toMonth: 'CF2709',
      lots: 10,
      fromPrice: '15000',
      toPrice: '15300',
      tradedAt: '2026-11-23 14:00:00',
      contractIds: [unpriced.id],
    });
    await page.goto(`/#${routeByKey('moveWarehouse')!.path}`);
    const rollRow = main.locator('tr').filter({ hasText: String(roll.rollNo) });
    await visible(rollRow, 'the roll in the list');
    await rollRow.getByRole('link', { name: named(L('resource.view')) }).click();
    await visible(main.getByText(String(roll.rollNo)).first(), 'the roll detail');
    await runCommand(page, L('hedging:futuresRoll.commands.roll'), async () => {}, true);
    await until('the contract rolled', async () => (await stored(unpriced.id))?.futuresMonth === 'CF2709');
    const rolled = await stored(unpriced.id);
    checkEqual(rolled?.basis, '500.00', 'the basis after the roll');
    checkEqual(
      15300 + Number(rolled?.basis),
      15000 + 800,
      'the contract worth at the roll prices what it was before',
    );
  },
  { timeoutMs: 180_000, everyTenant: true },
);
