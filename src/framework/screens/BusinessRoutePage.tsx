import { generatePath, useParams, useSearchParams } from 'react-router-dom';
import { BUSINESS_ROUTES, type BusinessRoute } from '../../shared/routes/businessRoutes.ts';
import { registeredResource } from '../resource/index.ts';
import { ApprovalQueue } from './ApprovalQueue.tsx';
import { extensionsOf } from './extensions.ts';
import { NotAvailablePage } from './NotAvailablePage.tsx';
import { PrintPage } from './PrintPage.tsx';
import { ReportPage } from './ReportPage.tsx';
import { ResourceDetail } from './ResourceDetail.tsx';
import { ResourceList } from './ResourceList.tsx';
import type { ResourceRecord } from './resourceApi.ts';

/** The detail route of a resource, as a path for one record (`…/:id/:name`). */
function detailPathOf(route: BusinessRoute): ((record: ResourceRecord) => string) | undefined {
  const detail = BUSINESS_ROUTES.find((r) =>
    route.detail
      ? r.key === route.detail
      : r.kind === 'detail' && r.resource === route.resource && r.area === route.area,
  );
  const decl = route.resource ? registeredResource(route.resource) : undefined;
  if (!detail || !decl) return undefined;
  const params = [...detail.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  // Detail paths may carry {flag} and {sp} too; a list opens the plain view of the record ('0').
  return (record) =>
    generatePath(
      detail.path,
      Object.fromEntries(
        params.map((param) => [
          param,
          param === 'id' ? record.id : param === 'name' ? String(record[decl.titleField] ?? record.id) : '0',
        ]),
      ),
    );
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
        <PrintPage decl={decl} id={printed} route={route} />
      ) : (
        <NotAvailablePage routeKey={route.key} />
      );
    }
    default:
      // Free-form pages need their own wiring.
      return <NotAvailablePage routeKey={route.key} />;
  }
}
