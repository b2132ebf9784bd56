import { Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { toChineseMoney } from '../../shared/format/chineseMoney.ts';
import { BUSINESS_ROUTES, type BusinessRoute, type PrintParty } from '../../shared/routes/businessRoutes.ts';
import { tenant } from '../../shared/tenant/index.ts';
import {
  fillTemplate,
  listColumns,
  type ResourceDecl,
  shownField,
  templatePlaceholderNames,
} from '../resource/index.ts';
import { useResourceDecl } from './declarations.ts';
import { displayText, FieldText, useLabel } from './fieldDisplay.tsx';
import { type Dictionaries, useDictionaries } from './hooks.tsx';
import {
  baseOf,
  type ResourceRecord,
  usePublishedTemplateQuery,
  useResourceDetailQuery,
} from './resourceApi.ts';

const PRINT_CSS = `
@page { size: A4; margin: 18mm 16mm 20mm;
  @bottom-center { content: "— " counter(page) " / " counter(pages) " —"; font-size: 9pt; } }
.print-page { width: 210mm; min-height: 297mm; margin: 0 auto; padding: 18mm 16mm; background: #fff; color: #000;
  box-sizing: border-box; font: 11pt/1.75 "Noto Serif CJK SC", "Songti SC", SimSun, serif; }
.print-page h1 { text-align: center; font-size: 20pt; letter-spacing: 4pt; margin: 0 0 8pt; }
.print-page .print-preamble { text-align: right; margin: 0 0 10pt; }
.print-page .print-preamble p { margin: 0; }
.print-page table { width: 100%; border-collapse: collapse; margin: 6pt 0 10pt; break-inside: auto; }
.print-page tr { break-inside: avoid; }
.print-page th, .print-page td { border: 0.75pt solid #000; padding: 2pt 5pt; text-align: left; vertical-align: top; }
.print-page th { background: #f2f2f2; font-weight: 600; }
.print-page .print-parties th { width: 22%; }
.print-page ol.print-clauses { list-style: none; padding: 0; margin: 0 0 10pt; }
.print-page ol.print-clauses li { margin: 0 0 6pt; white-space: pre-wrap; text-align: justify; }
.print-page .print-clause-number { font-weight: 600; margin-right: 6pt; }
.print-page .print-amount { margin: 0 0 12pt; }
.print-page .print-signatures { display: grid; grid-template-columns: 1fr 1fr; gap: 12mm; margin-top: 14mm;
  break-inside: avoid; }
.print-page .print-signature p { margin: 0 0 9pt; }
.print-page .print-seal { height: 34mm; border: 0.75pt dashed #999; color: #999; display: flex;
  align-items: center; justify-content: center; margin-bottom: 9pt; }
@media print {
  .print-toolbar { display: none; }
  .print-page { width: auto; min-height: auto; margin: 0; padding: 0; }
}`;

/** A value the record does not hold yet prints as a line to fill in by hand. */
const BLANK = '＿＿＿＿＿＿';

const fits = (scope: BusinessRoute['scope'], record: ResourceRecord) =>
  Object.entries(scope ?? {}).every(([field, value]) => String(record[field] ?? '') === value);

/**
 * The print pages of a record, one per document it fits (a purchase contract prints as a purchase
 * contract), each in the variant the tenant config names for that document.
 */
export function printRoutesOf(decl: ResourceDecl, record: ResourceRecord): BusinessRoute[] {
  const chosen = tenant.printVariants as Readonly<Record<string, string>>;
  const candidates = BUSINESS_ROUTES.filter((route) => route.print && route.resource === decl.key);
  const documents = [...new Set(candidates.map((route) => route.print!.document))];
  return documents.flatMap((document) => {
    const variants = candidates.filter((route) => route.print!.document === document);
    const route = variants.find((r) => r.key === chosen[document]) ?? variants[0]!;
    return fits(route.scope, record) ? [route] : [];
  });
}

/**
 * Values for every placeholder of the document: each field as displayed (dictionary words, percentages
 * with their sign), money also in Chinese capitals, the tenant's own words; a blank line where empty.
 */
function placeholderValues(
  decl: ResourceDecl,
  record: ResourceRecord,
  words: { yes: string; no: string },
  dictionaries: Dictionaries,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const placeholder of templatePlaceholderNames(decl)) {
    const { name, type } = placeholder;
    if (type === 'term') values[name] = String(tenant[name.slice('tenant.'.length) as 'name']);
    else if (type === 'inWords') {
      const money = fieldValue(decl, record, name.slice(0, -'InWords'.length));
      values[name] =
        money === null || money === undefined || money === '' ? '' : toChineseMoney(String(money));
    } else {
      const field = shownField(decl, name);
      const dictionary = field.field?.type === 'enum' ? dictionaries[field.field.dictionary] : undefined;
      values[name] = displayText(field, fieldValue(decl, record, name), record, { ...words, dictionary });
    }
    values[name] ||= BLANK;
  }
  return values;
}

const fieldValue = (decl: ResourceDecl, record: ResourceRecord, key: string): unknown => {
  const computed = decl.computed?.[key];
  return computed ? computed.compute(record as never) : record[key];
};

/** A filled template: its first line is the title, the rest of its first block the preamble, every later block a clause. */
function documentParts(text: string) {
  const [head = '', ...clauses] = text
    .split(/\n[ \t　]*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  const [title = '', ...preamble] = head.split('\n').map((line) => line.trim());
  return { title, preamble, clauses };
}

const DIGITS = '零一二三四五六七八九';

/** 1 → 一, 12 → 十二, 20 → 二十 (clauses are numbered 第一条, 第二条 …). */
export function chineseOrdinal(n: number): string {
  if (n < 10) return DIGITS[n]!;
  const tens = Math.floor(n / 10);
  return `${tens === 1 ? '' : DIGITS[tens]}十${n % 10 === 0 ? '' : DIGITS[n % 10]}`;
}

interface PartyDetails {
  name: string;
  creditCode?: string;
  address?: string;
}

/** The tenant or the partner a record names, with the details the partner record holds. */
function useParty(party: PrintParty, record: ResourceRecord): PartyDetails {
  const partnerDecl = useResourceDecl('partner');
  const partnerId = party.party === 'tenant' ? '' : String(record[party.party] ?? '');
  const { data: partner } = useResourceDetailQuery(
    { base: partnerDecl ? baseOf(partnerDecl) : { area: 'pri', resource: '' }, id: partnerId },
    { skip: !partnerId || !partnerDecl },
  );
  if (party.party === 'tenant') return { name: tenant.name };
  return {
    name: String(record[`${party.party}Name`] ?? ''),
    creditCode: partner?.creditCode ? String(partner.creditCode) : undefined,
    address: partner?.address ? String(partner.address) : undefined,
  };
}

function PartyRows({ party, record }: { party: PrintParty; record: ResourceRecord }) {
  const { t } = useTranslation();
  const label = useLabel();
  const details = useParty(party, record);
  return (
    <>
      <tr>
        <th>{label(party.role)}</th>
        <td colSpan={3}>{details.name || BLANK}</td>
      </tr>
      <tr>
        <th>{t('print.creditCode')}</th>
        <td>{details.creditCode ?? BLANK}</td>
        <th>{t('print.address')}</th>
        <td>{details.address ?? BLANK}</td>
      </tr>
    </>
  );
}

function Signature({ party, record }: { party: PrintParty; record: ResourceRecord }) {
  const { t } = useTranslation();
  const label = useLabel();
  const details = useParty(party, record);
  return (
    <section className="print-signature" aria-label={t('print.signatureOf', { party: label(party.role) })}>
      <p>
        {label(party.role)}（{t('print.seal')}）：{details.name || BLANK}
      </p>
      <div className="print-seal">{t('print.sealHere')}</div>
      <p>
        {t('print.representative')}：{BLANK}
      </p>
      <p>
        {t('print.date')}：{'　　　　'}年{'　　'}月{'　　'}日
      </p>
    </section>
  );
}

function LineTable({ decl, record }: { decl: ResourceDecl; record: ResourceRecord }) {
  const label = useLabel();
  const lines = decl.lines;
  const rows = lines ? ((record[lines.key] as ResourceRecord[] | undefined) ?? []) : [];
  if (!lines || rows.length === 0) return null;
  const columns = listColumns(lines.declaration);
  return (
    <table aria-label={label(lines.title)}>
      <thead>
        <tr>
          <th>{label('print.lineNumber')}</th>
          {columns.map((column) => (
            <th key={column.key}>{label(column.label)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={row.id ?? index}>
            <td>{index + 1}</td>
            {columns.map((column) => (
              <td key={column.key}>
                <FieldText shown={column} record={row} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AmountLine({ decl, record, field }: { decl: ResourceDecl; record: ResourceRecord; field: string }) {
  const { t } = useTranslation();
  const label = useLabel();
  const shown = shownField(decl, field);
  const amount = fieldValue(decl, record, field);
  const words = { yes: '', no: '' };
  return (
    <p className="print-amount">
      {label(shown.label)}：
      {amount === null || amount === undefined || amount === ''
        ? t('print.amountOpen')
        : t('print.amountBoth', {
            figures: displayText(shown, amount, record, words),
            words: toChineseMoney(String(amount)),
          })}
    </p>
  );
}

export interface PrintPageProps {
  /** The printed document's declaration and id. */
  decl: ResourceDecl;
  id: string;
  /** The print route: its key is the template variant, its scope the records it prints. */
  route: Pick<BusinessRoute, 'key' | 'scope' | 'print'>;
}

/**
 * An A4 document from the route's published template filled with the document's data: title, parties,
 * numbered clauses, the lines, the amount in figures and capitals, signature and seal blocks, page numbers.
 */
export function PrintPage({ decl, id, route }: PrintPageProps) {
  const { t } = useTranslation();
  const { data: record, isLoading } = useResourceDetailQuery({ base: baseOf(decl), id });
  const { data: template, isLoading: templateLoading } = usePublishedTemplateQuery({ variant: route.key });
  // A print is the stored document: the words as stored, whatever the screen's language.
  const dictionaries = useDictionaries(decl, false);
  if (isLoading || templateLoading || !dictionaries) return <Spin />;
  if (record && !fits(route.scope, record)) return <Empty description={t('resource.wrongDocument')} />;
  if (!record || !template)
    return <Empty description={t(record ? 'resource.noTemplate' : 'resource.notFound')} />;
  const text = fillTemplate(
    String(template.content ?? ''),
    placeholderValues(decl, record, { yes: t('resource.yes'), no: t('resource.no') }, dictionaries),
  );
  const { title, preamble, clauses } = documentParts(text);
  const parties = route.print?.parties ?? [];
  return (
    <div>
      <style>{PRINT_CSS}</style>
      <div className="print-toolbar" style={{ textAlign: 'center', padding: 12 }}>
        <Button type="primary" onClick={() => window.print()}>
          {t('resource.print')}
        </Button>
      </div>
      <article className="print-page" aria-label={String(template.name ?? route.key)} data-route={route.key}>
        <h1>{title}</h1>
        <div className="print-preamble">
          {preamble.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        {parties.length > 0 ? (
          <table className="print-parties" aria-label={t('print.parties')}>
            <tbody>
              {parties.map((party) => (
                <PartyRows key={party.party} party={party} record={record} />
              ))}
            </tbody>
          </table>
        ) : null}
        <ol className="print-clauses">
          {clauses.map((clause, index) => (
            <li key={clause}>
              <span className="print-clause-number">
                {t('print.clause', { number: chineseOrdinal(index + 1) })}
              </span>
              {clause}
            </li>
          ))}
        </ol>
        <LineTable decl={decl} record={record} />
        {route.print?.amount ? <AmountLine decl={decl} record={record} field={route.print.amount} /> : null}
        {parties.length > 0 ? (
          <div className="print-signatures">
            {parties.map((party) => (
              <Signature key={party.party} party={party} record={record} />
            ))}
          </div>
        ) : null}
      </article>
    </div>
  );
}
