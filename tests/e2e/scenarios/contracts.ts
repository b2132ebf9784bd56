// Contracts and pricing (issue 11): the sales desk drafts a basis sale through the form and submits it; an
// approver the administrator made is told live and approves it from the sales approval queue; the desk fixes
// it in two parts, each previewed first; the fixing confirmation and the contract print in the tenant's terms.
import type { Page } from 'playwright-core';
import { org, role, user } from '../../../src/areas/access/index.ts';
import { moduleResource } from '../../../src/areas/access/resources.ts';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { client as clientDecl } from '../../../src/areas/sales/index.ts';
import { routeByKey } from '../../../src/shared/routes/catalogue.ts';
import { routeTitleKey } from '../../../src/shared/routes/routeRecords.ts';
import { scenario } from '../runner.ts';
import type { ServerApi } from '../support/api.ts';
import { check, checkEqual, until, visible } from '../support/expect.ts';
import { L, login, named, pickOption, reload, settled } from '../support/shell.ts';
import type { DemoUser } from '../support/users.ts';

const run = () => Date.now().toString(36).slice(-5);

async function moduleIdOf(api: ServerApi, token: string, code: string): Promise<string> {
  const [module] = await api.list(token, moduleResource, { code });
  check(module, `the menu tree has no module ${code}`);
  return module.id;
}

/** Types a date into an antd date picker and closes it. */
async function fillDate(input: ReturnType<Page['locator']>, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

/** Opens a command's drawer on the detail, previews, checks what it shows, confirms. */
async function fixWithPreview(page: Page, tonnage: string, price: string, shown: readonly string[]) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: named(L('contracts:transactionContract.commands.fix')) }).click();
  const drawer = page.getByRole('dialog').filter({ has: page.locator('#futuresPrice') });
  await visible(drawer, 'the fixing drawer');
  await settled(drawer);
  await drawer.locator('#tonnage').fill(tonnage);
  await drawer.locator('#futuresPrice').fill(price);
  const confirm = drawer.getByRole('button', { name: named(L('command.confirm')) });
  check(await confirm.isDisabled(), 'the fixing could be confirmed before its preview');
  await drawer.getByRole('button', { name: named(L('command.preview')) }).click();
  const preview = drawer.getByText(L('command.previewTitle'));
  await visible(preview, 'the fixing preview');
  for (const figure of shown)
    await visible(drawer.getByText(figure, { exact: true }).first(), `the preview's ${figure}`);
  await confirm.click();
  await visible(page.getByText(/^点价 /).first(), 'the fixing done');
}

scenario(
  'a basis sale is drafted, approved by another user told live, fixed in two parts with a preview, printed',
  async (t) => {
    const { api, page, users, tenant } = t;
    const admin = await api.login(users.admin.loginName, users.admin.password);
    const suffix = run();
    const clientName = `纺织${suffix}`;
    // The sales desk takes on a new client (and so serves it: a salesperson reaches only their clients).
    const desk = users.mobile;
    const deskSession = await api.login(desk.loginName, desk.password);
    const client = await api.save(deskSession.token, clientDecl, {
      name: clientName,
      creditLimit: '50000000',
    });
    // An approver made by the administrator: the sales approval queue, risk's approval included.
    const [department] = await api.list(admin.token, org, { name: '总公司' });
    const approverRole = await api.save(admin.token, role, {
      name: `审批${suffix}`,
      code: `approver${suffix}`,
      permissions: JSON.stringify([
        {
          moduleId: await moduleIdOf(api, admin.token, 'SaleContractCheck'),
          codes: ['view', 'approve', 'approveRisk'],
        },
      ]),
    });
    const created = await api.save<{ id: string; temporaryPassword: string }>(admin.token, user, {
      loginName: `approver${suffix}`,
      relName: `审批人${suffix}`,
      phone: '13700000011',
      departmentId: department!.id,
      roleIds: [approverRole.id],
    });
    const approver: DemoUser = {
      loginName: `approver${suffix}`,
      password: await api.ownPassword(`approver${suffix}`, created.temporaryPassword),
      relName: `审批人${suffix}`,
      phone: '13700000011',
      departName: '',
    };
    const approverPage = await (await t.newContext()).newPage();
    await login(approverPage, approver);

    // The sales desk drafts a basis sale (the side follows from the screen).
    await login(page, desk);
    await page.goto(`/#${routeByKey('SaleContract')!.path}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: named(L('resource.create')) }).click();
    const form = page.getByRole('dialog').filter({ has: page.getByRole('form') });
    await visible(form, 'the contract form');
    await settled(form);
    await pickOption(page, form.locator('#kind'), tenant.config.contractTypeFt);
    const partnerInput = form.locator('#partnerId');
    await partnerInput.click();
    await partnerInput.fill(clientName);
    await pickOption(page, partnerInput, clientName);
    await fillDate(form.locator('#signDate'), '2026-11-20');
    await form.locator('#tonnage').fill('100');
    await form.locator('#tolerancePercent').fill('5');
    await form.locator('#futuresMonth').fill('CF2705');
    await form.locator('#basis').fill('850');
    await fillDate(form.locator('#fixingDeadline'), '2027-04-15');
    await form.locator('#qualityPremium').fill('450');
    await form.getByRole('button', { name: named(L('resource.save')) }).click();
    const row = main.locator('tr').filter({ hasText: clientName });
    await visible(row, 'the new contract in the list');
    const [stored] = await api.list(admin.token, transactionContract, { partnerId: client.id });
    check(stored, 'the contract was not stored');
    const contractNo = String(stored.contractNo);
    check(
      /^XS\d{6}-\d{4}$/.test(contractNo),
      `the contract number ${contractNo} does not follow the pattern`,
    );
    checkEqual(stored.pricingParty, 'buyer', 'the pricing party of a sale');

    // The row opens the contract's own page.
    await row.getByRole('link', { name: named(L('resource.view')) }).click();
    await visible(main.getByText(contractNo).first(), 'the contract detail');
    await main.getByRole('button', { name: named(L('action.submit')) }).click();
    const question = L('resource.transitionQuestion', { action: L('action.submit'), subject: contractNo });
    await page
      .getByRole('dialog')
      .filter({ hasText: question })
      .getByRole('button', { name: named(L('action.submit')) })
      .click();
    await visible(main.getByText(L('state.submitted'), { exact: true }).first(), 'the submitted state');

    // The approver is told live, and approves from the queue.
    const notice = approverPage.getByRole('dialog').filter({ hasText: contractNo });
    await visible(notice, 'the live notice of the submitted contract', 10_000);
    await approverPage.goto(`/#${routeByKey('SaleContractCheck')!.path}`);
    const queued = approverPage.getByRole('main').locator('tr').filter({ hasText: contractNo });
    await visible(queued, 'the contract in the approval queue');
    await queued.getByRole('button', { name: named(L('action.approve')) }).click();
    const approveTitle = L('resource.transitionConfirm', {
      action: L('action.approve'),
      subject: contractNo,
    });
    await approverPage
      .getByRole('dialog')
      .filter({ hasText: approveTitle })
      .getByRole('button', { name: named(L('action.approve')) })
      .click();
    await until('the queue to empty', async () => (await queued.count()) === 0);

    // Two fixings, each previewed: 40 t at 15000 (P = 15000 + 850 + 450), then 60 t at 15300 (F̄ = 15180).
    await reload(page);
    await visible(main.getByText(L('state.approved'), { exact: true }).first(), 'the approved state');
    await fixWithPreview(page, '40', '15000', ['16,300.00', '652,000.00', '8']);
    await fixWithPreview(page, '60', '15300', ['15,180.00', '16,480.00', '1,648,000.00', '12']);
    const [priced] = await api.list(admin.token, transactionContract, { partnerId: client.id });
    checkEqual(priced?.pricingState, 'priced', 'the pricing state after both fixings');
    checkEqual(priced?.averageFixedPrice, '15180.00', 'the average fixed price');
    checkEqual(priced?.unitPrice, '16480.00', 'the unit price');

    // The fixing confirmation and the contract, printed.
    const fixings = page
      .getByRole('main')
      .locator('.ant-card')
      .filter({ hasText: L('contracts:detail.fixings') });
    const printFixing = fixings
      .getByRole('link', { name: new RegExp(L('contracts:route.confirmationPrint')) })
      .first();
    const [confirmation] = await Promise.all([page.context().waitForEvent('page'), printFixing.click()]);
    const confirmationText = confirmation.getByRole('article');
    await until('the fixing confirmation', async () => {
      const text = await confirmationText.innerText().catch(() => '');
      return text.includes(contractNo) && text.includes(clientName) && text.includes(tenant.config.name);
    });
    const variant = tenant.config.printVariants.market;
    const printContract = main.getByRole('link', {
      name: new RegExp(L(routeTitleKey(routeByKey(variant)!))),
    });
    const [printed] = await Promise.all([page.context().waitForEvent('page'), printContract.click()]);
    // A contract priced later was signed for no amount: its print says the fixings settle it, whatever they are.
    const printedText = await until('the printed sale contract in the tenant’s terms', async () => {
      const text = await printed
        .getByRole('article')
        .innerText()
        .catch(() => '');
      return (
        text.includes(contractNo) &&
        text.includes(tenant.config.buyer) &&
        text.includes(tenant.config.contractTypeFt) &&
        text.includes(L('print.amountOpen')) &&
        text
      );
    });
    checkEqual(
      printedText.includes('壹佰陆拾肆万捌仟元整'),
      false,
      'the fixings’ amount printed as the contract’s',
    );
  },
  { timeoutMs: 180_000, everyTenant: true },
);
