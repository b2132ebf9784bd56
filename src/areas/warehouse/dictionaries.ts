// The dictionaries of the warehouse declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).

import { type Dictionaries, entries } from '../../framework/resource/area.ts';

/** A batch saved without an owner kind is own stock (the column's default and the ownerKind seed). */
export const OWN_STOCK = 'own';

export const WAREHOUSE_DICTIONARIES = {
  // Batch states, the quality grades of a certificate (domain.md §2) and why a batch is not deliverable
  // (batches.ts).
  batchState: entries([
    ['inTransit', '在途'],
    ['stock', '在库'],
    ['reserved', '已预留'],
    ['pledged', '已质押'],
    ['receipted', '已注册仓单'],
    ['sold', '已售出'],
    ['out', '已出库'],
  ]),
  colourGrade: entries([
    ['11', '白棉1级'],
    ['21', '白棉2级'],
    ['31', '白棉3级'],
    ['41', '白棉4级'],
    ['51', '白棉5级'],
    ['12', '淡点污棉1级'],
    ['22', '淡点污棉2级'],
    ['32', '淡点污棉3级'],
    ['13', '淡黄染棉1级'],
    ['23', '淡黄染棉2级'],
    ['33', '淡黄染棉3级'],
    ['14', '黄染棉1级'],
    ['24', '黄染棉2级'],
  ]),
  micronaire: entries([
    ['A', 'A级 3.7–4.2'],
    ['B1', 'B1级 3.5–3.6'],
    ['B2', 'B2级 4.3–4.9'],
    ['C1', 'C1级 ≤3.4'],
    ['C2', 'C2级 ≥5.0'],
  ]),
  strengthGrade: entries([
    ['S1', 'S1 很强 ≥31'],
    ['S2', 'S2 强 29–30.9'],
    ['S3', 'S3 中等 26–28.9'],
    ['S4', 'S4 差 24–25.9'],
    ['S5', 'S5 很差 <24'],
  ]),
  uniformityGrade: entries([
    ['U1', 'U1 很高 ≥86'],
    ['U2', 'U2 高 83–85.9'],
    ['U3', 'U3 中等 80–82.9'],
    ['U4', 'U4 低 77–79.9'],
    ['U5', 'U5 很低 <77'],
  ]),
  ginningGrade: entries([
    ['P1', 'P1 好'],
    ['P2', 'P2 中'],
    ['P3', 'P3 差'],
  ]),
  undeliverableReason: entries([
    ['trash', '含杂率超过交割上限'],
    ['moistureRegain', '回潮率超过交割上限'],
    ['colour', '颜色级不可交割'],
    ['length', '长度级低于交割下限'],
    ['micronaire', '马克隆值 C1 级'],
    ['strength', '断裂比强度 S5 档'],
    ['uniformity', '长度整齐度 U5 档'],
  ]),

  // Whose goods a batch is (ownership.ts): the words are the tenant's.
  ownerKind: entries([
    [OWN_STOCK, { term: 'selfOwned' }],
    ['client', { term: 'propertyClient' }],
    ['supplier', { term: 'propertySupply' }],
  ]),

  // Fees and outbound appointments (services.ts).
  feeKind: [
    { value: 'supervision', label: '监管服务费' },
    { value: 'insurance', label: '保险费' },
    { value: 'storage', label: '保管费' },
    { value: 'sundry', label: '仓储杂费' },
  ],
  feeBasis: [
    { value: 'perTonneDay', label: '按吨·天' },
    { value: 'perTonne', label: '按吨' },
    { value: 'percentOfValue', label: '按货值百分比' },
    { value: 'lumpSum', label: '固定金额' },
  ],
  feeState: [
    { value: 'draft', label: '草稿' },
    { value: 'confirmed', label: '已确认' },
    { value: 'settled', label: '已结算' },
    { value: 'voided', label: '已作废' },
  ],
  appointmentState: [
    { value: 'booked', label: '已预约' },
    { value: 'done', label: '出库完成' },
    { value: 'cancelled', label: '已取消' },
  ],
} satisfies Dictionaries;
