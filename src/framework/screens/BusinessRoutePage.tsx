import { generatePath, useParams, useSearchParams } from 'react-router-dom';
import type { BusinessRoute } from '../../shared/routes/businessRoutes.ts';
import { businessRoutes } from '../../shared/routes/catalogue.ts';
import { registeredResource } from '../resource/index.ts';
import { ApprovalQueue } from './ApprovalQueue.tsx';
import { extensionsOf } from './extensions.ts';
import { NotAvailablePage } from './NotAvailablePage.tsx';
import { PrintPage } from './PrintPage.tsx';
import { ReportPage } from './ReportPage.tsx';
import { ResourceDetail } from './ResourceDetail.tsx';
import { ResourceList } from './ResourceList.tsx';
import type { ResourceRecord } from './resourceApi.ts';
import { fitsScope } from './routeScope.ts';

/**
 * The detail route of a record listed on a route, as a path (`…/:id/:name`): the one the route names, else
 * a detail route of the resource in the same area whose scope fits the record (a sale opens as a sale
 * wherever it is listed), else one in another area that fits, else the same area's first.
 */
function detailPathOf(route: BusinessRoute): ((record: ResourceRecord) => string) | undefined {
  const details = businessRoutes().filter((r) => r.kind === 'detail' && r.resource === route.resource);
  const own = route.detail
    ? details.filter((r) => r.key === route.detail)
    : details.filter((r) => r.prefix === route.prefix);
  const decl = route.resource ? registeredResource(route.resource) : undefined;
  if (own.length === 0 || !decl) return undefined;
  const detailOf = (record: ResourceRecord) =>
    own.find((r) => fitsScope(r.scope, record)) ??
    (route.detail ? undefined : details.find((r) => fitsScope(r.scope, record))) ??
    own[0]!;
  // Detail paths may carry {flag} and {sp} too; a list opens the plain view of the record ('0').
  return (record) => {
    const detail = detailOf(record);
    const params = [...detail.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    return generatePath(
      detail.path,
      Object.fromEntries(
        params.map((param) => [
          param,
          param === 'id' ? record.id : param === 'name' ? String(record[decl.titleField] ?? record.id) : '0',
        ]),
      ),
    );
  };
}

/**
 * The page of a business route: the shared screen of its kind over its registered declaration, or the
 * honest "not available" screen while its business area is not built. One lazy chunk for all of them.
 */
export function BusinessRoutePage({ route }: { route: BusinessRoute }) {
  const { id } = useParams();
  const [search] = useSearchParams();
  const decl = route.resource ? registeredResource(route.resource) : undefined;
  if (!decl) return <NotAvailablePage routeKey={route.key} />;
  switch (route.kind) {
    case 'list': {
      const Toolbar = extensionsOf(decl).listToolbar;
      return (
        <ResourceList
          decl={decl}
          detailPath={detailPathOf(route)}
          scope={route.scope}
          toolbar={Toolbar ? <Toolbar decl={decl} /> : undefined}
          readOnly={route.readOnly}
        />
      );
    }
    case 'detail':
      return id ? <ResourceDetail decl={decl} id={id} /> : <NotAvailablePage routeKey={route.key} />;
    case 'approval':
      return decl.workflow?.approval ? (
        <ApprovalQueue decl={decl} detailPath={detailPathOf(route)} scope={route.scope} />
      ) : (
        <NotAvailablePage routeKey={route.key} />
      );
    case 'report':
      return decl.report ? (
        <ReportPage decl={decl} scope={route.scope} />
      ) : (
        <NotAvailablePage routeKey={route.key} />
      );
    case 'print': {
      const printed = search.get('id');
      return route.print && printed ? (
        <PrintPage decl={decl} id={printed} route={route} language={search.get('lang')} />
      ) : (
        <NotAvailablePage routeKey={route.key} />
      );
    }
    default:
      // Free-form pages need their own wiring.
      return <NotAvailablePage routeKey={route.key} />;
  }
}
