// The screens of the warehouse area: the spec's routes it renders, each bound to its declaration.
import { type BusinessRoute, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  shell('MtfmBatchData', '/pri/MtfmBatchData', 'list', 'batch'),
  shell('QmFuturesDiscount', '/pri/QmFuturesDiscount', 'list', 'warehousePremium'),
  shell('QmFuturesDiscountAll', '/pri/QmFuturesDiscountAll', 'list', 'batchPremium'),
  shell('WarehouseList', '/pri/Warehouse/list', 'list', 'warehouse'),
  shell('QmJgfwFee', '/pri/QmJgfwFee', 'list', 'warehouseFee', { kind: 'supervision' }),
  shell('QmBxFee', '/pri/QmBxFee', 'list', 'warehouseFee', { kind: 'insurance' }),
  shell('QmBgFee', '/pri/QmBgFee', 'list', 'warehouseFee', { kind: 'storage' }),
  shell('QmSpmFee', '/pri/QmSpmFee', 'list', 'warehouseFee', { kind: 'sundry' }),
  shell('QmHzCk', '/pri/QmHzCk', 'report', 'outboundAppointment', { status: 'done' }),
  shell('QmYyXx', '/pri/QmYyXx', 'list', 'outboundAppointment'),
  shell('StockReport', '/SpotReport/StockReport', 'report', 'batch'),
];
