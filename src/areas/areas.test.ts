import {
  allowedTransitions,
  checkTransition,
  commandLabel,
  detailSections,
  fieldLabel,
  formFields,
  type Label,
  listColumns,
  listFilters,
  type ResourceDecl,
  registerResources,
  shownValue,
  validateRecord,
} from '../framework/resource/index.ts';
import { ALL_DICTIONARIES, ALL_RESOURCES, DEFINITIONS } from '../test/declarations.ts';
import { ALL_LOCALES, messageOf, wordsOf } from '../test/locales.ts';
import { user } from './access/index.ts';
import { transactionContract } from './contracts/index.ts';
import { BUSINESS_ROUTES } from './index.ts';
import { partnerAssociation } from './partners/index.ts';
import {
  contractTemplate,
  QUALITY_PREMIUM_SEED,
  qualityPremium,
  SYSTEM_SETTINGS,
  systemSetting,
} from './settings/index.ts';

// A template's placeholders are read from the declarations the app has loaded.
registerResources(ALL_RESOURCES);

const zhChs = wordsOf('zh-chs');
const zhCht = wordsOf('zh-cht');
const en = wordsOf('en');
const ja = wordsOf('ja');

const withLines = (decls: readonly ResourceDecl[]): ResourceDecl[] =>
  decls.flatMap((d) => [d, ...(d.lines ? withLines([d.lines.declaration]) : [])]);
const ALL = withLines(ALL_RESOURCES);

function labelKeys(decl: ResourceDecl): string[] {
  const labels: Label[] = [
    decl.title,
    ...Object.keys(decl.fields).map((name) => fieldLabel(decl, name)),
    ...Object.keys(decl.computed ?? {}).map((name) => fieldLabel(decl, name)),
    ...(decl.detail?.sections.map((s) => s.title) ?? []),
    ...Object.values(decl.workflow?.states ?? {}),
    ...(decl.lines ? [decl.lines.title] : []),
  ];
  const messages = Object.values(decl.fields).flatMap((f) =>
    (f.rules ?? []).flatMap((r) => (r.message ? [r.message] : [])),
  );
  const actions = (decl.workflow?.transitions ?? []).map((t) => `action.${t.action}`);
  return [...labels.filter((l): l is string => typeof l === 'string'), ...messages, ...actions];
}

test('every declaration derives its list, filters, form and detail', () => {
  for (const decl of ALL) {
    expect(
      () => [listColumns(decl), listFilters(decl), formFields(decl), detailSections(decl)],
      decl.key,
    ).not.toThrow();
    expect(decl.fields[decl.titleField], decl.key).toBeDefined();
  }
});

test.each(ALL_LOCALES)('every label, message, action and command has a %s text', (locale) => {
  const commands = ALL.flatMap((decl) =>
    Object.keys(decl.commands ?? {}).map((name) => commandLabel(decl, name)),
  );
  const missing = [
    ...ALL.flatMap(labelKeys),
    ...commands.filter((l): l is string => typeof l === 'string'),
  ].filter((key) => typeof messageOf(locale, key) !== 'string');
  const settings = SYSTEM_SETTINGS.map((s) => `setting.${s.key}`).filter(
    (k) => typeof messageOf(locale, k) !== 'string',
  );
  expect([...new Set([...missing, ...settings])]).toEqual([]);
});

test('every dictionary a field names is seeded, and every transition permission is a known code', () => {
  const dictionaries = ALL.flatMap((d) =>
    Object.values(d.fields).flatMap((f) => (f.type === 'enum' ? [f.dictionary] : [])),
  );
  expect(dictionaries.filter((code) => !ALL_DICTIONARIES[code])).toEqual([]);
  const codes = new Set(ALL_DICTIONARIES.permissionCode?.map((e) => e.value));
  const used = ALL.flatMap((d) => [
    ...Object.values(d.permissions),
    ...(d.workflow?.transitions.map((t) => t.permission) ?? []),
  ]);
  expect(used.filter((code) => !codes.has(code))).toEqual([]);
});

test("a workflow's status field has every state of the workflow in its dictionary", () => {
  const missing = ALL.flatMap((decl) => {
    const workflow = decl.workflow;
    const field = workflow && decl.fields[workflow.field];
    if (!workflow || field?.type !== 'enum')
      return workflow ? [`${decl.key}: ${workflow.field} is no enum`] : [];
    const values = new Set(ALL_DICTIONARIES[field.dictionary]?.map((entry) => entry.value));
    return Object.keys(workflow.states)
      .filter((state) => !values.has(state))
      .map((state) => `${decl.key}: ${field.dictionary} lacks ${state}`);
  });
  expect(missing).toEqual([]);
});

test('every seeded dictionary has a name in every language (the dictionary screen shows it)', () => {
  for (const messages of [zhChs, zhCht, en, ja]) {
    const names = (messages as { dictionary: Record<string, string> }).dictionary;
    expect(Object.keys(ALL_DICTIONARIES).filter((code) => !names[code])).toEqual([]);
  }
});

test.each(ALL_LOCALES)(
  'the operation record names every command in words in %s, as its button does',
  (locale) => {
    const actions = ALL_DICTIONARIES.operationAction!;
    const commands = ALL_RESOURCES.flatMap((decl) => Object.keys(decl.commands ?? {}));
    const unnamed = commands.filter((name) => {
      const entry = actions.find((action) => action.value === name);
      const label = entry?.label;
      return !label || (typeof label === 'object' && 'i18n' in label && !messageOf(locale, label.i18n));
    });
    expect(unnamed).toEqual([]);
    expect(actions.find((action) => action.value === 'fix')?.label).toEqual({
      i18n: 'contracts:transactionContract.commands.fix',
    });
  },
);

test.each(ALL_LOCALES)('the operation record names every part of the product in words in %s', (locale) => {
  const modules = ALL_DICTIONARIES.operationModule!;
  expect(modules.map((entry) => entry.value)).toEqual(
    expect.arrayContaining(['account', 'warehouse', 'transactionContract', 'clientPayment']),
  );
  const unnamed = modules.filter(
    ({ label }) => typeof label === 'object' && 'i18n' in label && !messageOf(locale, label.i18n),
  );
  expect(unnamed.map((entry) => entry.value)).toEqual([]);
});

test("every declaration is shown by a route of its own area (the app loads an area by its routes' resources)", () => {
  const unreachable = DEFINITIONS.flatMap((area) =>
    area.resources
      .filter((decl) => !area.routes.some((route) => route.resource === decl.key))
      .map((decl) => `${area.key}: ${decl.key}`),
  );
  expect(unreachable).toEqual([]);
});

test('each route with a resource names a declaration served under its path', () => {
  const byKey = new Map(ALL_RESOURCES.map((d) => [d.key, d]));
  const routed = BUSINESS_ROUTES.filter((r) => r.resource);
  expect(routed.filter((r) => r.prefix === 'pri').length).toBeGreaterThanOrEqual(19);
  // A print page shows one record of a resource by id: it does not name the resource's calls.
  const screens = routed.filter((r) => r.kind !== 'print');
  const screensOf = (resource: string) => screens.filter((r) => r.resource === resource).length;
  for (const route of routed) {
    const decl = byKey.get(route.resource!);
    expect(decl, route.key).toBeDefined();
    // A resource several screens show (each narrowed by its scope) is served under a name of its own.
    if (route.kind !== 'print' && screensOf(route.resource!) === 1)
      expect(route.path.split('/')[2], route.key).toBe(decl!.resource);
  }
  const routedKeys = new Set(routed.map((r) => r.resource));
  expect(ALL_RESOURCES.filter((d) => !routedKeys.has(d.key)).map((d) => d.key)).toEqual([]);
});

describe('system settings', () => {
  const problemsOf = (settingKey: string, value: string) =>
    validateRecord(systemSetting, { settingKey, value, effectiveFrom: '2026-11-21' }).map((p) => p.message);

  test('every param of domain.md is a setting whose seed passes its own rules', () => {
    expect(SYSTEM_SETTINGS.map((s) => s.key)).toEqual(
      expect.arrayContaining([
        'dailyLimitPercent',
        'exchangeMarginPercent',
        'initialMarginPerTonne',
        'marginCallRatioPercent',
        'marginCallDeadlineDays',
        'vatLintPercent',
        'vatStoragePercent',
        'commissionScheme',
      ]),
    );
    for (const setting of SYSTEM_SETTINGS)
      expect(problemsOf(setting.key, setting.seed), setting.key).toEqual([]);
  });

  test('a value is checked against the setting it is for', () => {
    expect(problemsOf('initialMarginPerTonne', '800.005')).toEqual(['validation.settingValue']);
    expect(problemsOf('marginCallDeadlineDays', '2.5')).toEqual(['validation.settingValue']);
    expect(problemsOf('dailyLimitPercent', '40')).toEqual(['validation.settingValue']);
    expect(problemsOf('noSuchSetting', '1')).toEqual(['validation.settingValue']);
    expect(problemsOf('dailyLimitPercent', '6')).toEqual([]);
  });

  test('settings are replaced by later rows, never deleted', () => {
    expect(systemSetting.permissions.delete).toBeUndefined();
  });

  test('the seed premium table is the 2016/17 version of domain.md, every row valid', () => {
    expect(QUALITY_PREMIUM_SEED.cropYear).toBe('2016/17');
    expect(QUALITY_PREMIUM_SEED.rows).toHaveLength(24);
    expect(QUALITY_PREMIUM_SEED.rows).toContainEqual({
      indicator: 'colour',
      grade: '41',
      premium: '-400.00',
    });
    for (const row of QUALITY_PREMIUM_SEED.rows) {
      expect(validateRecord(qualityPremium, { ...row, cropYear: QUALITY_PREMIUM_SEED.cropYear })).toEqual([]);
    }
  });
});

describe('business rules of the declarations', () => {
  const basisContract = {
    contractNo: 'XS2611001',
    side: 'sale',
    kind: 'basis',
    partnerId: 'p1',
    signDate: '2026-11-01',
    tonnage: '200.0000',
    futuresMonth: 'CF2605',
    basis: '-150.00',
    fixingDeadline: '2027-04-15',
    taxRate: '9',
  };
  const problems = (input: Record<string, unknown>) =>
    Object.fromEntries(validateRecord(transactionContract, input).map((p) => [p.field, p.message]));

  test('a basis contract needs month, basis and deadline; a spot one a unit price', () => {
    expect(problems(basisContract)).toEqual({});
    expect(problems({ ...basisContract, futuresMonth: '', basis: '', fixingDeadline: '' })).toEqual({
      futuresMonth: 'validation.requiredForBasis',
      basis: 'validation.requiredForBasis',
      fixingDeadline: 'validation.requiredForBasis',
    });
    expect(
      problems({ ...basisContract, kind: 'spot', futuresMonth: '', basis: '', fixingDeadline: '' }),
    ).toEqual({
      unitPrice: 'validation.requiredForFixedPrice',
    });
  });

  test('futures months follow the exchange calendar; the deadline cannot precede signing', () => {
    expect(problems({ ...basisContract, futuresMonth: 'CF2604' })).toEqual({
      futuresMonth: 'validation.futuresMonth',
    });
    expect(problems({ ...basisContract, futuresMonth: 'CF611' })).toEqual({});
    expect(problems({ ...basisContract, fixingDeadline: '2026-10-01' })).toEqual({
      fixingDeadline: 'validation.notBeforeSignDate',
    });
    // A delivery period ends after it starts (it is not measured from the signing day).
    expect(problems({ ...basisContract, deliveryFrom: '2026-12-10', deliveryTo: '2026-12-01' })).toEqual({
      deliveryTo: 'validation.periodEndBeforeStart',
    });
  });

  test('the contract amount is exact to the fen', () => {
    expect(shownValue(transactionContract, { tonnage: '40.1234', unitPrice: '15805.55' }, 'amount')).toBe(
      '634172.40',
    );
  });

  test('contracts move only along the domain states, each by its permission', () => {
    const everything = ['submit', 'approve', 'edit', 'execute', 'complete', 'void'];
    const actions = (state: string) =>
      allowedTransitions(transactionContract, state, everything).map((t) => t.action);
    expect(actions('draft')).toEqual(['submit', 'void']);
    expect(actions('submitted')).toEqual(['approve', 'reject']);
    expect(actions('executing')).toEqual(['complete', 'void']);
    expect(actions('completed')).toEqual([]);
    expect(
      checkTransition(transactionContract, 'completed', { action: 'void', comment: 'x' }, everything),
    ).toMatchObject({
      reason: 'illegalState',
    });
    expect(checkTransition(transactionContract, 'executing', { action: 'void' }, everything)).toMatchObject({
      reason: 'commentRequired',
    });
  });

  test('a user needs a valid phone, a department and a role; reset password keeps the state', () => {
    const base = {
      loginName: 'li.si',
      relName: '李四',
      phone: '13912345678',
      departmentId: 'd1',
      roleIds: ['r1'],
    };
    expect(validateRecord(user, base)).toEqual([]);
    expect(validateRecord(user, { ...base, phone: '1391234', roleIds: [] }).map((p) => p.field)).toEqual([
      'phone',
      'roleIds',
    ]);
    expect(checkTransition(user, 'enabled', { action: 'resetPassword' }, ['resetPassword'])).toMatchObject({
      ok: true,
      transition: { to: 'enabled' },
    });
  });

  test('a partner cannot be associated with itself', () => {
    const problemsOf = (related: string) =>
      validateRecord(partnerAssociation, { partnerId: 'p1', relatedPartnerId: related, relation: 'parent' });
    expect(problemsOf('p1').map((p) => p.message)).toEqual(['validation.notSamePartner']);
    expect(problemsOf('p2')).toEqual([]);
  });

  test('a template with an unclosed placeholder is refused', () => {
    const template = {
      name: '标准采购合同',
      document: 'purchase',
      variant: 'purchasePrint',
      language: 'zh-chs',
    };
    expect(validateRecord(contractTemplate, { ...template, content: '合同号 {{contractNo}}' })).toEqual([]);
    expect(
      validateRecord(contractTemplate, { ...template, content: '合同号 {{contractNo' })[0]?.message,
    ).toBe('validation.templatePlaceholders');
  });
});

test('a scoped screen filters its list by its scope: every scope field is a filter of its resource', () => {
  const byKey = new Map(ALL_RESOURCES.map((decl) => [decl.key, decl]));
  const missing = BUSINESS_ROUTES.flatMap((route) => {
    const decl = route.resource && route.kind !== 'print' ? byKey.get(route.resource) : undefined;
    if (!decl || !route.scope) return [];
    const filters = new Set(listFilters(decl).map((filter) => filter.key));
    return Object.keys(route.scope)
      .filter((key) => !filters.has(key) && key !== decl.workflow?.field)
      .map((key) => `${route.key}: ${decl.key} has no filter ${key}`);
  });
  expect(missing).toEqual([]);
});
