export { ApprovalQueue, type ApprovalQueueProps } from './ApprovalQueue.tsx';
export { BusinessRoutePage } from './BusinessRoutePage.tsx';
export { NotAvailablePage } from './NotAvailablePage.tsx';
export { PrintPage, type PrintPageProps, printRoutesOf } from './PrintPage.tsx';
export { ReportPage } from './ReportPage.tsx';
export { ResourceDetail, type ResourceDetailProps } from './ResourceDetail.tsx';
export { ResourceForm, type ResourceFormProps } from './ResourceForm.tsx';
export { ResourceList, type ResourceListProps } from './ResourceList.tsx';
export * from './resourceApi.ts';
