import { detailSections, formFields, listColumns, listFilters, shownValue } from './derive.ts';
import { groupTotals } from './report.ts';
import { fillTemplate, templatePlaceholders, templateProblems } from './template.ts';
import { testContract } from './testDeclaration.ts';
import { defineInput, type RecordOf } from './types.ts';
import { validateField, validateRecord } from './validate.ts';
import { listRequestBody, parseListRequest, parseSaveRequest, saveRequestBody } from './wire.ts';
import { allowedTransitions, awaitingApprovalStates, can, checkTransition } from './workflow.ts';

const validContract = {
  contractNo: 'CG202611',
  partnerId: 'p1',
  tonnage: '40.0000',
  unitPrice: '15800.00',
  taxRate: '9',
  signDate: '2026-11-01',
  deliveryDate: '2026-12-01',
  remark: '',
  lines: [{ batchNo: '65001251001', conditionedWeight: '40.0000', unitPrice: '15800.00' }],
};

const problemsOf = (input: Record<string, unknown>, weightDigit?: number) =>
  Object.fromEntries(validateRecord(testContract, input, { weightDigit }).map((p) => [p.field, p.message]));

describe('declaration → list', () => {
  test('columns follow the declaration, with labels, types and who sorts', () => {
    const columns = listColumns(testContract);
    expect(columns.map((c) => c.key)).toEqual([
      'contractNo',
      'partnerId',
      'tonnage',
      'unitPrice',
      'amount',
      'status',
      'remark',
      'signDate',
    ]);
    const byKey = Object.fromEntries(columns.map((c) => [c.key, c]));
    expect(byKey.partnerId?.label).toEqual({ term: 'seller' });
    expect(byKey.amount).toMatchObject({ type: 'money', sortable: false });
    expect(byKey.remark).toMatchObject({ hiddenByDefault: true, sortable: false });
    expect(byKey.signDate).toMatchObject({ type: 'date', sortable: true, hiddenByDefault: false });
  });

  test('filters get an operator from their type unless declared', () => {
    expect(listFilters(testContract).map((f) => [f.key, f.op])).toEqual([
      ['contractNo', 'like'],
      ['status', 'eq'],
      ['signDate', 'range'],
      ['partnerId', 'eq'],
    ]);
  });

  test('a column naming an undeclared field is a declaration error', () => {
    const broken = { ...testContract, list: { ...testContract.list, columns: ['nope'] } };
    expect(() => listColumns(broken as never)).toThrow(/nope/);
  });
});

describe('declaration → form and detail', () => {
  test('form fields keep order and mark the required ones', () => {
    const fields = formFields(testContract);
    expect(fields.map((f) => f.key)).toEqual(testContract.form?.fields);
    expect(fields.filter((f) => f.required).map((f) => f.key)).toEqual([
      'contractNo',
      'partnerId',
      'tonnage',
      'unitPrice',
      'signDate',
    ]);
  });

  test('detail sections hold declared and computed values; computed values come from the record', () => {
    const [basic, amounts] = detailSections(testContract);
    expect(basic?.items.map((i) => i.key)).toEqual(['contractNo', 'partnerId', 'status', 'signDate']);
    expect(amounts?.items.map((i) => i.key)).toEqual(['tonnage', 'unitPrice', 'amount']);
    expect(shownValue(testContract, { tonnage: '40.1234', unitPrice: '15800.00' }, 'amount')).toBe(
      '633949.72',
    );
  });

  test('an input (defineInput) is a form of its fields: entered in order, labelled, validated, sent', () => {
    const input = defineInput({
      key: 'testFix',
      title: 'field.remark',
      fields: {
        tonnage: { type: 'weight', rules: [{ kind: 'required' }] },
        remaining: { type: 'weight', readOnly: true },
        futuresPrice: { type: 'money' },
      },
    });
    (input as { namespace?: string }).namespace = 'contracts';
    expect(formFields(input).map((f) => [f.key, f.label, f.required])).toEqual([
      ['tonnage', 'contracts:testFix.fields.tonnage', true],
      ['futuresPrice', 'contracts:testFix.fields.futuresPrice', false],
    ]);
    expect(validateRecord(input, { futuresPrice: '1.234' }).map((p) => [p.field, p.message])).toEqual([
      ['tonnage', 'validation.required'],
      ['futuresPrice', 'validation.type.money'],
    ]);
    expect(saveRequestBody(input, { tonnage: '2', remaining: '9', other: 'x' })).toEqual({
      tonnage: '2',
      futuresPrice: undefined,
    });
    expect(defineInput({ key: 'k', title: 't', fields: input.fields, form: ['futuresPrice'] }).form).toEqual({
      fields: ['futuresPrice'],
    });
  });

  test('records are typed from the declaration', () => {
    const record: RecordOf<typeof testContract.fields> = {
      id: '1',
      contractNo: 'CG202611',
      partnerId: 'p1',
      tonnage: '40',
      unitPrice: '1.00',
      taxRate: null,
      signDate: '2026-11-01',
      deliveryDate: null,
      remark: null,
      status: 'draft',
      createTime: null,
    };
    // @ts-expect-error money travels as decimal text, never as a binary float
    record.unitPrice = 1.5;
    expect(record.contractNo).toBe('CG202611');
  });
});

describe('validateRecord', () => {
  test('a valid contract has no problems', () => {
    expect(validateRecord(testContract, validContract)).toEqual([]);
  });

  test('empty required fields are named, optional empty fields are not', () => {
    const problems = problemsOf({ ...validContract, contractNo: '', partnerId: undefined, taxRate: '' });
    expect(problems).toEqual({ contractNo: 'validation.required', partnerId: 'validation.required' });
  });

  test('money with three decimals, a float-looking weight and a non-date are type problems', () => {
    const problems = problemsOf({
      ...validContract,
      unitPrice: '1.005',
      tonnage: '1.23456',
      signDate: '2026-02-30',
    });
    expect(problems).toEqual({
      unitPrice: 'validation.type.money',
      tonnage: 'validation.type.weight',
      signDate: 'validation.type.date',
    });
  });

  test('integers accept whole numbers as text or number, nothing else', () => {
    const field = { label: 'field.sort', type: 'integer' } as const;
    expect(validateField('sort', field, { sort: '12' })).toBeUndefined();
    expect(validateField('sort', field, { sort: 12 })).toBeUndefined();
    expect(validateField('sort', field, { sort: '1.5' })?.message).toBe('validation.type.integer');
  });

  test('weight decimals follow the tenant weightDigit', () => {
    const lines = [{ ...validContract.lines[0], conditionedWeight: '40.12' }];
    expect(problemsOf({ ...validContract, tonnage: '40.12', lines }, 2)).toEqual({});
    expect(problemsOf({ ...validContract, tonnage: '40.123', lines }, 2)).toEqual({
      tonnage: 'validation.type.weight',
    });
  });

  test('min and max compare as decimals, with the limit as a parameter', () => {
    const problems = validateRecord(testContract, {
      ...validContract,
      tonnage: '100000.0001',
      unitPrice: '-0.01',
    });
    expect(problems).toEqual([
      { field: 'tonnage', message: 'validation.max', params: { max: '100000' } },
      { field: 'unitPrice', message: 'validation.min', params: { min: 0 } },
    ]);
  });

  test('pattern, length and cross-field custom rules give their own messages', () => {
    const problems = problemsOf({
      ...validContract,
      contractNo: 'cg1',
      remark: 'x'.repeat(21),
      deliveryDate: '2026-10-01',
    });
    expect(problems).toEqual({
      contractNo: 'validation.contractNo',
      remark: 'validation.maxLength',
      deliveryDate: 'validation.deliveryAfterSign',
    });
  });

  test('line items are validated by their own declaration, and the minimum count is enforced', () => {
    const badLine = { ...validContract, lines: [{ batchNo: '', conditionedWeight: '1', unitPrice: 'abc' }] };
    expect(problemsOf(badLine)).toEqual({
      'lines.0.batchNo': 'validation.required',
      'lines.0.unitPrice': 'validation.type.money',
    });
    expect(problemsOf({ ...validContract, lines: [] })).toEqual({ lines: 'validation.minLines' });
  });

  test('read-only fields are not validated (the server owns them)', () => {
    expect(problemsOf({ ...validContract, createTime: 'yesterday' })).toEqual({});
  });
});

describe('transitions', () => {
  const all = ['submit', 'approve', 'edit', 'void'];

  test('only transitions leaving the state and permitted to the user are offered', () => {
    expect(allowedTransitions(testContract, 'draft', all).map((t) => t.action)).toEqual(['submit', 'void']);
    expect(allowedTransitions(testContract, 'submitted', all).map((t) => t.action)).toEqual([
      'approve',
      'reject',
    ]);
    expect(allowedTransitions(testContract, 'submitted', ['submit'])).toEqual([]);
    expect(allowedTransitions(testContract, 'voided', all)).toEqual([]);
  });

  test('the server check names why a transition is refused', () => {
    expect(checkTransition(testContract, 'draft', { action: 'approve' }, all)).toEqual({
      ok: false,
      reason: 'illegalState',
    });
    expect(checkTransition(testContract, 'draft', { action: 'fly' }, all)).toMatchObject({
      reason: 'unknownAction',
    });
    expect(checkTransition(testContract, 'submitted', { action: 'approve' }, ['submit'])).toMatchObject({
      reason: 'forbidden',
    });
    expect(checkTransition(testContract, 'submitted', { action: 'reject', comment: ' ' }, all)).toMatchObject(
      {
        reason: 'commentRequired',
      },
    );
    expect(
      checkTransition(testContract, 'submitted', { action: 'reject', comment: '价格不符' }, all),
    ).toMatchObject({
      ok: true,
      transition: { to: 'rejected' },
    });
  });

  test('approval queues hold the states the approve action leaves from', () => {
    expect(awaitingApprovalStates(testContract)).toEqual(['submitted']);
  });

  test('plain actions need their permission code', () => {
    expect(can(testContract, 'export', ['view', 'export'])).toBe(true);
    expect(can(testContract, 'delete', ['view'])).toBe(false);
  });
});

describe('wire format', () => {
  test('a list query survives the form body both ways, dropping unknown filters and unsortable sorts', () => {
    const body = listRequestBody({
      pageNo: 2,
      size: 15,
      filters: { contractNo: 'CG', signDate: { from: '2026-01-01', to: '2026-01-31' }, status: '' },
      sort: { field: 'tonnage', order: 'asc' },
    });
    expect(body).toEqual({
      page_no: '2',
      size: '15',
      sort: 'tonnage,asc',
      contractNo: 'CG',
      'signDate.from': '2026-01-01',
      'signDate.to': '2026-01-31',
    });
    const form = new URLSearchParams({ ...body, hacker: 'x; drop table' });
    expect(parseListRequest(testContract, form)).toEqual({
      pageNo: 2,
      size: 15,
      filters: { contractNo: 'CG', signDate: { from: '2026-01-01', to: '2026-01-31' } },
      sort: { field: 'tonnage', order: 'asc' },
    });
    const injected = parseListRequest(testContract, {
      sort: 'amount;drop,asc',
      size: '99999',
      page_no: '-1',
    });
    expect(injected).toMatchObject({ pageNo: 1, size: 1000, sort: { field: 'signDate', order: 'desc' } });
  });

  test('the state field takes several states even where it is filtered by one', () => {
    const form = new URLSearchParams([
      ['status', 'submitted'],
      ['status', 'approved'],
    ]);
    expect(parseListRequest(testContract, form).filters).toEqual({ status: ['submitted', 'approved'] });
    expect(parseListRequest(testContract, new URLSearchParams({ status: 'draft' })).filters).toEqual({
      status: 'draft',
    });
  });

  test('a save body carries entered fields and line items as JSON, and parses back for validation', () => {
    const body = saveRequestBody(testContract, { ...validContract, id: '9', createTime: 'now', status: 'x' });
    expect(body).not.toHaveProperty('createTime');
    expect(body).not.toHaveProperty('status');
    expect(JSON.parse(String(body.lines))).toEqual(validContract.lines);
    const form = new URLSearchParams(body as Record<string, string>);
    const parsed = parseSaveRequest(testContract, form);
    expect(parsed).toMatchObject({ id: '9', contractNo: 'CG202611', lines: validContract.lines });
    expect(validateRecord(testContract, parsed)).toEqual([]);
  });
});

describe('reports and templates', () => {
  test('grouped totals are exact decimal sums, with a grand total last', () => {
    const rows = [
      { partnerId: 'a', tonnage: '0.1' },
      { partnerId: 'b', tonnage: '1.2345' },
      { partnerId: 'a', tonnage: '0.2' },
    ];
    expect(groupTotals(testContract, rows)).toEqual([
      { group: ['a'], count: 2, totals: { tonnage: '0.3' } },
      { group: ['b'], count: 1, totals: { tonnage: '1.2345' } },
      { group: [], count: 3, totals: { tonnage: '1.5345' } },
    ]);
  });

  test('a template section prints only for the documents it fits', () => {
    const text =
      '{{#kind=spot}}一口价 {{unitPrice}}{{/kind}}{{#kind=basis|deferred}}基差 {{basis}}{{#premium}}，升贴水 {{premium}}{{/premium}}{{/kind}}{{^lines}}，批次另定{{/lines}}';
    const spot = { kind: 'spot', lines: [1] } as Record<string, unknown>;
    const basis = { kind: 'basis', premium: '85', lines: [] } as Record<string, unknown>;
    const holds = (record: Record<string, unknown>) => (name: string, values?: readonly string[]) =>
      values
        ? values.includes(String(record[name]))
        : Array.isArray(record[name])
          ? (record[name] as unknown[]).length > 0
          : Boolean(record[name]);
    const values = { unitPrice: '15,800.00', basis: '1,150.00', premium: '85.00' };
    expect(fillTemplate(text, values, holds(spot))).toBe('一口价 15,800.00');
    expect(fillTemplate(text, values, holds(basis))).toBe('基差 1,150.00，升贴水 85.00，批次另定');
    expect(fillTemplate(text, values, holds({ kind: 'provisional' }))).toBe('，批次另定');
  });

  test('a template’s problems name its unknown sections, values and unclosed tags', () => {
    const names = [
      { name: 'kind', label: 'field.kind', type: 'enum' as const },
      { name: 'basis', label: 'field.basis', type: 'money' as const },
    ];
    const sections = {
      names: ['kind', 'basis', 'lines'],
      valuesOf: (name: string) => (name === 'kind' ? ['spot', 'basis'] : undefined),
    };
    expect(
      templateProblems('{{#kind=basis}}{{basis}}{{/kind}}{{^lines}}x{{/lines}}', names, sections),
    ).toEqual([]);
    expect(templateProblems('{{#kind=bassis}}x{{/kind}}', names, sections)).toEqual(['{{#kind=bassis}}']);
    expect(templateProblems('{{#colour}}x{{/colour}}', names, sections)).toEqual(['{{#colour}}']);
    expect(templateProblems('{{#kind=spot}}x', names, sections)).toEqual(['{{ }}']);
  });

  test('templates fill known placeholders and leave unknown ones visible', () => {
    const text = '合同号 {{contractNo}}，数量 {{ tonnage }} 吨，{{missing}}';
    expect(templatePlaceholders(text)).toEqual(['contractNo', 'tonnage', 'missing']);
    expect(fillTemplate(text, { contractNo: 'CG1', tonnage: '40.0000' })).toBe(
      '合同号 CG1，数量 40.0000 吨，{{missing}}',
    );
  });
});
