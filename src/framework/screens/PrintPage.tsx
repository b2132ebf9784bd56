import { Button, Empty, Segmented, Space, Spin } from 'antd';
import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_LOCALE } from '../../shared/constants.ts';
import { toChineseMoney, toEnglishMoney } from '../../shared/format/index.ts';
import type { BusinessRoute, PrintParty } from '../../shared/routes/businessRoutes.ts';
import { businessRoutes } from '../../shared/routes/catalogue.ts';
import { tenant, tenantTerm } from '../../shared/tenant/index.ts';
import {
  fillTemplate,
  type Label,
  listColumns,
  type PublishedTemplate,
  type ResourceDecl,
  type ShownField,
  shownField,
  templatePlaceholderNames,
} from '../resource/index.ts';
import { useResourceDecl } from './declarations.ts';
import { displayText } from './fieldDisplay.tsx';
import { type Dictionaries, useDictionaries } from './hooks.tsx';
import {
  baseOf,
  type ResourceRecord,
  usePublishedTemplateQuery,
  useResourceDetailQuery,
} from './resourceApi.ts';
import { fitsScope } from './routeScope.ts';

const PRINT_CSS = `
@page { size: A4; margin: 18mm 16mm 20mm;
  @bottom-center { content: "— " counter(page) " / " counter(pages) " —"; font-size: 9pt; } }
.print-page { width: 210mm; min-height: 297mm; margin: 0 auto; padding: 18mm 16mm; background: #fff; color: #000;
  box-sizing: border-box; font: 11pt/1.75 "Noto Serif CJK SC", "Songti SC", SimSun, serif; }
.print-page h1 { text-align: center; font-size: 20pt; letter-spacing: 4pt; margin: 0 0 8pt; }
.print-page:not(:lang(zh)):not(:lang(ja)) h1 { letter-spacing: 0.5pt; }
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

/**
 * The print pages of a record, one per document it fits (a purchase contract prints as a purchase
 * contract), each in the variant the tenant config names for that document.
 */
export function printRoutesOf(decl: ResourceDecl, record: ResourceRecord): BusinessRoute[] {
  const chosen = tenant.printVariants as Readonly<Record<string, string>>;
  const candidates = businessRoutes().filter((route) => route.print && route.resource === decl.key);
  const documents = [...new Set(candidates.map((route) => route.print!.document))];
  return documents.flatMap((document) => {
    const variants = candidates.filter((route) => route.print!.document === document);
    const route = variants.find((r) => r.key === chosen[document]) ?? variants[0]!;
    return fitsScope(route.scope, record) ? [route] : [];
  });
}

/**
 * Everything a document says in its own language, whatever the screen's: the page's words, labels,
 * the tenant's terms, dictionary words, amounts in words and clause numbers.
 */
interface DocumentWords {
  language: string;
  t: TFunction;
  label: (label: Label) => string;
  dictionaries: Dictionaries;
  lineDictionaries: Dictionaries;
}

/** Chinese and Japanese documents number clauses and state amounts the Chinese way (第一条, 大写). */
const writesChinese = (language: string) => language.startsWith('zh') || language === 'ja';

const amountInWords = (language: string, amount: unknown) =>
  amount === null || amount === undefined || amount === ''
    ? ''
    : writesChinese(language)
      ? toChineseMoney(String(amount))
      : toEnglishMoney(String(amount));

/** The words of the document's language, once its files are loaded (the screen's language is loaded). */
function useDocumentWords(language: string, decl: ResourceDecl): DocumentWords | undefined {
  const { i18n } = useTranslation();
  const [loaded, setLoaded] = useState<string>();
  useEffect(() => {
    let live = true;
    void i18n.loadLanguages(language).then(() => live && setLoaded(language));
    return () => {
      live = false;
    };
  }, [i18n, language]);
  const dictionaries = useDictionaries(decl, language);
  const lineDictionaries = useDictionaries(decl.lines?.declaration ?? decl, language);
  if (loaded !== language || !dictionaries || !lineDictionaries) return undefined;
  const t = i18n.getFixedT(language);
  const label = (text: Label) => (typeof text === 'string' ? t(text) : tenantTerm(text.term, language));
  return { language, t, label, dictionaries, lineDictionaries };
}

const fieldValue = (decl: ResourceDecl, record: ResourceRecord, key: string): unknown => {
  const computed = decl.computed?.[key];
  return computed ? computed.compute(record as never) : record[key];
};

/** A value as the document states it: dictionary words and terms in its language, figures as on screen. */
function shownText(
  words: DocumentWords,
  shown: ShownField,
  record: ResourceRecord,
  dictionaries: Dictionaries,
) {
  const dictionary = shown.field?.type === 'enum' ? dictionaries[shown.field.dictionary] : undefined;
  const value = shown.computed ? shown.computed.compute(record as never) : record[shown.key];
  return displayText(shown, value, record, {
    yes: words.t('resource.yes'),
    no: words.t('resource.no'),
    dictionary,
  });
}

/**
 * Values for every placeholder of the document: each field as displayed (dictionary words, percentages
 * with their sign), money also in words, the tenant's own words; a blank line where empty.
 */
function placeholderValues(
  decl: ResourceDecl,
  record: ResourceRecord,
  words: DocumentWords,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { name, type } of templatePlaceholderNames(decl)) {
    if (type === 'term') values[name] = words.label({ term: name.slice('tenant.'.length) as 'name' });
    else if (type === 'inWords')
      values[name] = amountInWords(
        words.language,
        fieldValue(decl, record, name.slice(0, -'InWords'.length)),
      );
    else values[name] = shownText(words, shownField(decl, name), record, words.dictionaries);
    values[name] ||= words.t('print.blank');
  }
  return values;
}

/**
 * Whether the document holds what a template section asks for: line items (by the lines' key), a value of
 * a field, or one of some stored values (a contract's kind).
 */
const documentHolds =
  (decl: ResourceDecl, record: ResourceRecord) =>
  (name: string, values?: readonly string[]): boolean => {
    const value = name === decl.lines?.key ? record[name] : fieldValue(decl, record, name);
    if (values) return values.includes(String(value ?? ''));
    return Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined && value !== '';
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
  /** The partner's record is still on its way: its rows say so (aria-busy) rather than print blanks. */
  loading?: boolean;
}

/** The house (its details from its settings) or the partner a record names, with its partner record's details. */
function useParty(
  party: PrintParty,
  record: ResourceRecord,
  house: PublishedTemplate['house'],
): PartyDetails {
  const partnerDecl = useResourceDecl('partner');
  const partnerId = party.party === 'tenant' ? '' : String(record[party.party] ?? '');
  const { data: partner, isFetching } = useResourceDetailQuery(
    { base: partnerDecl ? baseOf(partnerDecl) : { area: 'pri', resource: '' }, id: partnerId },
    { skip: !partnerId || !partnerDecl },
  );
  if (party.party === 'tenant')
    return {
      name: tenant.name,
      creditCode: house.creditCode || undefined,
      address: house.address || undefined,
    };
  return {
    name: String(record[`${party.party}Name`] ?? ''),
    creditCode: partner?.creditCode ? String(partner.creditCode) : undefined,
    address: partner?.address ? String(partner.address) : undefined,
    loading: Boolean(partnerId) && (!partnerDecl || isFetching),
  };
}

interface PartyProps {
  party: PrintParty;
  record: ResourceRecord;
  house: PublishedTemplate['house'];
  words: DocumentWords;
}

function PartyRows({ party, record, house, words: { t, label } }: PartyProps) {
  const details = useParty(party, record, house);
  const blank = t('print.blank');
  return (
    <>
      <tr>
        <th>{label(party.role)}</th>
        <td colSpan={3}>{details.name || blank}</td>
      </tr>
      <tr aria-busy={details.loading || undefined}>
        <th>{t('print.creditCode')}</th>
        <td>{details.creditCode ?? blank}</td>
        <th>{t('print.address')}</th>
        <td>{details.address ?? blank}</td>
      </tr>
    </>
  );
}

function Signature({ party, record, house, words: { t, label } }: PartyProps) {
  const details = useParty(party, record, house);
  const blank = t('print.blank');
  return (
    <section className="print-signature" aria-label={t('print.signatureOf', { party: label(party.role) })}>
      <p>{t('print.sealLine', { party: label(party.role), name: details.name || blank })}</p>
      <div className="print-seal">{t('print.sealHere')}</div>
      <p>{t('print.representativeLine', { blank })}</p>
      <p>{t('print.dateLine', { blank })}</p>
    </section>
  );
}

/** The line items the document refers to, in the columns some line fills, with the total of each weight. */
function LineTable({
  decl,
  record,
  words,
}: {
  decl: ResourceDecl;
  record: ResourceRecord;
  words: DocumentWords;
}) {
  const lines = decl.lines;
  const rows = lines ? ((record[lines.key] as ResourceRecord[] | undefined) ?? []) : [];
  if (!lines || rows.length === 0) return null;
  const text = (column: ShownField, row: ResourceRecord) =>
    shownText(words, column, row, words.lineDictionaries);
  const columns = listColumns(lines.declaration).filter((column) => rows.some((row) => text(column, row)));
  const total = (column: ShownField) =>
    column.type === 'weight'
      ? text(column, {
          id: 'total',
          [column.key]: rows
            .reduce((sum, row) => sum.plus(String(row[column.key] || 0)), new Decimal(0))
            .toFixed(),
        })
      : '';
  return (
    <table aria-label={words.label(lines.title)}>
      <thead>
        <tr>
          <th>{words.t('print.lineNumber')}</th>
          {columns.map((column) => (
            <th key={column.key}>{words.label(column.label)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={row.id ?? index}>
            <td>{index + 1}</td>
            {columns.map((column) => (
              <td key={column.key}>{text(column, row)}</td>
            ))}
          </tr>
        ))}
        {rows.length > 1 && columns.some((column) => column.type === 'weight') ? (
          <tr>
            <th>{words.t('print.total')}</th>
            {columns.map((column) => (
              <td key={column.key}>{total(column)}</td>
            ))}
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

function AmountLine({
  decl,
  record,
  field,
  words,
}: {
  decl: ResourceDecl;
  record: ResourceRecord;
  field: string;
  words: DocumentWords;
}) {
  const { t } = words;
  const shown = shownField(decl, field);
  const amount = fieldValue(decl, record, field);
  const stated =
    amount === null || amount === undefined || amount === ''
      ? t('print.amountOpen')
      : t('print.amountBoth', {
          figures: shownText(words, shown, record, words.dictionaries),
          words: amountInWords(words.language, amount),
        });
  return (
    <p className="print-amount">
      {t('print.amountLine', { label: words.label(shown.label), amount: stated })}
    </p>
  );
}

/** The languages a template of the page is published in, to print in another (the toolbar's own words). */
function LanguageChoice({ template }: { template: PublishedTemplate }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  if (template.languages.length < 2) return null;
  return (
    <Segmented
      aria-label={t('print.language')}
      value={template.language}
      options={template.languages.map((language) => ({ value: language, label: t(`locale.${language}`) }))}
      onChange={(language) => {
        const next = new URLSearchParams(search);
        next.set('lang', String(language));
        setSearch(next, { replace: true });
      }}
    />
  );
}

export interface PrintPageProps {
  /** The printed document's declaration and id. */
  decl: ResourceDecl;
  id: string;
  /** The print route: its key is the template variant, its scope the records it prints. */
  route: Pick<BusinessRoute, 'key' | 'scope' | 'print'>;
  /** The language asked for (`?lang=`): the document prints wholly in it where a template is, else in Chinese. */
  language?: string | null;
}

/**
 * An A4 document from the route's published template filled with the document's data: title, parties,
 * numbered clauses (those that fit the document), the lines, the amount in figures and words, signature
 * and seal blocks, page numbers; all of it in the template's language.
 */
export function PrintPage({ decl, id, route, language }: PrintPageProps) {
  const { t } = useTranslation();
  const { data: record, isLoading } = useResourceDetailQuery({ base: baseOf(decl), id });
  const { data: template, isLoading: templateLoading } = usePublishedTemplateQuery({
    variant: route.key,
    language: language || DEFAULT_LOCALE,
  });
  const words = useDocumentWords(template?.language ?? DEFAULT_LOCALE, decl);
  if (isLoading || templateLoading) return <Spin />;
  if (record && !fitsScope(route.scope, record)) return <Empty description={t('resource.wrongDocument')} />;
  if (!record || !template)
    return <Empty description={t(record ? 'resource.noTemplate' : 'resource.notFound')} />;
  if (!words) return <Spin />;
  const text = fillTemplate(
    String(template.content ?? ''),
    placeholderValues(decl, record, words),
    documentHolds(decl, record),
  );
  const { title, preamble, clauses } = documentParts(text);
  const parties = route.print?.parties ?? [];
  const chinese = writesChinese(words.language);
  const house = template.house ?? { creditCode: '', address: '' };
  return (
    <div>
      <style>{PRINT_CSS}</style>
      <div className="print-toolbar" style={{ textAlign: 'center', padding: 12 }}>
        <Space>
          <LanguageChoice template={template} />
          <Button type="primary" onClick={() => window.print()}>
            {t('resource.print')}
          </Button>
        </Space>
      </div>
      <article
        className="print-page"
        aria-label={String(template.name ?? route.key)}
        data-route={route.key}
        lang={words.language}
      >
        <h1>{title}</h1>
        <div className="print-preamble">
          {preamble.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        {parties.length > 0 ? (
          <table className="print-parties" aria-label={words.t('print.parties')}>
            <tbody>
              {parties.map((party) => (
                <PartyRows key={party.party} party={party} record={record} house={house} words={words} />
              ))}
            </tbody>
          </table>
        ) : null}
        <ol className="print-clauses">
          {clauses.map((clause, index) => (
            <li key={clause}>
              <span className="print-clause-number">
                {words.t('print.clause', { number: chinese ? chineseOrdinal(index + 1) : index + 1 })}
              </span>
              {clause}
            </li>
          ))}
        </ol>
        <LineTable decl={decl} record={record} words={words} />
        {route.print?.amount ? (
          <AmountLine decl={decl} record={record} field={route.print.amount} words={words} />
        ) : null}
        {parties.length > 0 ? (
          <div className="print-signatures">
            {parties.map((party) => (
              <Signature key={party.party} party={party} record={record} house={house} words={words} />
            ))}
          </div>
        ) : null}
      </article>
    </div>
  );
}
