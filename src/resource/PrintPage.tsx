import { Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { toChineseMoney } from '../shared/format/chineseMoney.ts';
import {
  fillTemplate,
  listColumns,
  type ResourceDecl,
  type ShownField,
  shownField,
} from '../shared/resource/index.ts';
import { BUSINESS_ROUTES, type BusinessRoute } from '../shared/routes/businessRoutes.ts';
import { tenant } from '../shared/tenant/index.ts';
import { displayText, FieldText, useLabel } from './fieldDisplay.tsx';
import { baseOf, type ResourceRecord, useResourceDetailQuery, useResourceListQuery } from './resourceApi.ts';

const PRINT_CSS = `
@page { size: A4; margin: 15mm; }
.print-page { width: 210mm; min-height: 297mm; margin: 0 auto; padding: 15mm; background: #fff; color: #000;
  box-sizing: border-box; font-size: 12pt; line-height: 1.6; }
.print-page pre { white-space: pre-wrap; font-family: inherit; margin: 0 0 12pt; }
.print-page table { width: 100%; border-collapse: collapse; }
.print-page th, .print-page td { border: 1px solid #000; padding: 2pt 4pt; }
@media print {
  .print-toolbar { display: none; }
  .print-page { width: auto; min-height: auto; margin: 0; padding: 0; }
}`;

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
 * Values for the template's placeholders: each field as displayed, money also in words (`<field>InWords`,
 * 大写, as contracts state amounts), and the tenant's terms as `tenant.<term>`.
 */
function placeholderValues(
  decl: ResourceDecl,
  record: ResourceRecord,
  words: { yes: string; no: string },
): Record<string, string> {
  const fields: ShownField[] = [...Object.keys(decl.fields), ...Object.keys(decl.computed ?? {})].map((key) =>
    shownField(decl, key),
  );
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = field.computed ? field.computed.compute(record as never) : record[field.key];
    values[field.key] = displayText(field, value, record, words);
    if (field.type === 'money' && value !== null && value !== undefined && value !== '')
      values[`${field.key}InWords`] = toChineseMoney(String(value));
  }
  for (const term of ['buyer', 'seller', 'name'] as const) values[`tenant.${term}`] = tenant[term];
  return values;
}

export interface PrintPageProps {
  /** The printed document's declaration and id. */
  decl: ResourceDecl;
  id: string;
  /** The print route: its key is the template variant, its scope the records it prints. */
  route: Pick<BusinessRoute, 'key' | 'scope'>;
  /** The template resource (contract or bill templates): records with `variant` and `content`. */
  templateDecl: ResourceDecl;
}

/** An A4 document from the route's published template filled with the document's data; the browser prints it. */
export function PrintPage({ decl, id, route, templateDecl }: PrintPageProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const { data: record, isLoading } = useResourceDetailQuery({ base: baseOf(decl), id });
  const { data: templates, isLoading: templatesLoading } = useResourceListQuery({
    base: baseOf(templateDecl),
    query: { pageNo: 1, size: 1, filters: { variant: route.key, status: 'active' } },
  });
  if (isLoading || templatesLoading) return <Spin />;
  const template = templates?.records[0];
  if (record && !fits(route.scope, record)) return <Empty description={t('resource.wrongDocument')} />;
  if (!record || !template)
    return <Empty description={t(record ? 'resource.noTemplate' : 'resource.notFound')} />;
  const text = fillTemplate(
    String(template.content ?? ''),
    placeholderValues(decl, record, { yes: t('resource.yes'), no: t('resource.no') }),
  );
  const lines = decl.lines;
  const lineRows = lines ? ((record[lines.key] as ResourceRecord[] | undefined) ?? []) : [];
  const lineColumns = lines ? listColumns(lines.declaration) : [];
  return (
    <div>
      <style>{PRINT_CSS}</style>
      <div className="print-toolbar" style={{ textAlign: 'center', padding: 12 }}>
        <Button type="primary" onClick={() => window.print()}>
          {t('resource.print')}
        </Button>
      </div>
      <article className="print-page" aria-label={String(template.name ?? route.key)}>
        <pre>{text}</pre>
        {lines && lineRows.length > 0 ? (
          <table>
            <thead>
              <tr>
                {lineColumns.map((column) => (
                  <th key={column.key}>{label(column.label)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lineRows.map((row, index) => (
                <tr key={row.id ?? index}>
                  {lineColumns.map((column) => (
                    <td key={column.key}>
                      <FieldText shown={column} record={row} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </article>
    </div>
  );
}
