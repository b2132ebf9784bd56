// The demo company's partners (see server/platform/db/demo.ts): spinning mills it sells to, ginners it buys
// from, warehouse operators, carriers, a bank and a broker, each with its contacts. The base seed's
// partners stay; these come on top of them.

import { insertRows } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';

interface DemoPartner {
  name: string;
  shortName: string;
  kinds: string[];
  creditLimit?: string;
  address: string;
  contacts: [name: string, phone: string, position: string][];
}

export const DEMO_PARTNERS: readonly DemoPartner[] = [
  {
    name: '无锡一棉纺织集团有限公司',
    shortName: '无锡一棉',
    kinds: ['client'],
    creditLimit: '6000000.00',
    address: '江苏省无锡市梁溪区盛岸西路8号',
    contacts: [
      ['钱学文', '13706180011', '采购部经理'],
      ['沈佳', '13915230012', '原料主管'],
    ],
  },
  {
    name: '鲁泰纺织股份有限公司',
    shortName: '鲁泰纺织',
    kinds: ['client'],
    creditLimit: '10000000.00',
    address: '山东省淄博市淄川区松龄东路81号',
    contacts: [['孟庆国', '13853330013', '棉花采购总监']],
  },
  {
    name: '华孚时尚股份有限公司',
    shortName: '华孚时尚',
    kinds: ['client'],
    creditLimit: '7500000.00',
    address: '浙江省宁波市鄞州区天童南路',
    contacts: [['陈永红', '13857410014', '供应链经理']],
  },
  {
    name: '百隆东方股份有限公司',
    shortName: '百隆东方',
    kinds: ['client'],
    creditLimit: '4000000.00',
    address: '浙江省宁波市北仑区璎珞河路',
    contacts: [['杨帆', '13968210015', '原料采购']],
  },
  {
    name: '库尔勒银星棉业有限公司',
    shortName: '银星棉业',
    kinds: ['supplier'],
    creditLimit: '3000000.00',
    address: '新疆库尔勒市经济技术开发区',
    contacts: [
      ['艾力·买买提', '13909960021', '总经理'],
      ['王红', '13899030022', '销售'],
    ],
  },
  {
    name: '阿克苏利华棉业有限公司',
    shortName: '利华棉业',
    kinds: ['supplier'],
    creditLimit: '3000000.00',
    address: '新疆阿克苏市温宿县工业园区',
    contacts: [['李建新', '13999710023', '销售经理']],
  },
  {
    name: '沙雅县金丰轧花有限公司',
    shortName: '金丰轧花',
    kinds: ['supplier'],
    address: '新疆阿克苏地区沙雅县',
    contacts: [['吐尔逊·阿不都', '13565270024', '厂长']],
  },
  {
    name: '石河子天富棉业有限公司',
    shortName: '天富棉业',
    kinds: ['supplier'],
    creditLimit: '2000000.00',
    address: '新疆石河子市北四东路',
    contacts: [['赵振宇', '13899510025', '销售主管']],
  },
  {
    name: '新疆棉麻储运乌鲁木齐有限公司',
    shortName: '乌市棉麻储运',
    kinds: ['warehouse'],
    address: '新疆乌鲁木齐市米东区',
    contacts: [['马建军', '13899800031', '库管主任']],
  },
  {
    name: '阿克苏棉麻储运有限公司',
    shortName: '阿克苏储运',
    kinds: ['warehouse'],
    address: '新疆阿克苏市西工业园区',
    contacts: [['张雪梅', '13579700032', '业务员']],
  },
  {
    name: '郑州棉麻仓储物流有限公司',
    shortName: '郑州棉麻仓储',
    kinds: ['warehouse'],
    address: '河南省郑州市中牟县圃田乡',
    contacts: [['刘国强', '13703710033', '仓储经理']],
  },
  {
    name: '青岛港国际棉花物流有限公司',
    shortName: '青岛港棉花',
    kinds: ['warehouse'],
    address: '山东省青岛市黄岛区港区',
    contacts: [['于海波', '13806390034', '客户经理']],
  },
  {
    name: '中铁快运新疆物流有限公司',
    shortName: '中铁新疆物流',
    kinds: ['supplier'],
    address: '新疆乌鲁木齐市沙依巴克区',
    contacts: [['韩磊', '13899910041', '调度']],
  },
  {
    name: '巴州顺达汽车运输有限公司',
    shortName: '顺达运输',
    kinds: ['supplier'],
    address: '新疆库尔勒市团结南路',
    contacts: [['周平', '13909960042', '车队长']],
  },
  {
    name: '中国工商银行新疆分行营业部',
    shortName: '工行新疆分行',
    kinds: ['bank'],
    address: '新疆乌鲁木齐市天山区解放南路',
    contacts: [['蒋欣', '13999110051', '客户经理']],
  },
  {
    name: '国泰君安期货有限公司',
    shortName: '国泰君安期货',
    kinds: ['broker'],
    address: '上海市静安区南京西路',
    contacts: [['唐骏', '13601860061', '机构业务部']],
  },
];

const CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * A fictitious unified social credit code (GB 32100) for the demo's partner no. `index`: an enterprise
 * registered in 乌鲁木齐 (91 650100), a made-up body code, and the check character the standard computes.
 */
export function demoCreditCode(index: number): string {
  const body = `91650100MA7${String(index * 7919 + 104729)
    .padStart(6, '0')
    .slice(-6)}`;
  const sum = [...body].reduce((total, char, i) => total + CODE_CHARS.indexOf(char) * CODE_WEIGHTS[i]!, 0);
  return body + CODE_CHARS[(31 - (sum % 31)) % 31];
}

/** Where the base seed's partners are, so the demo's documents name them in full. */
const SEED_PARTNER_ADDRESSES: Readonly<Record<string, string>> = {
  新疆天山棉业有限公司: '新疆昌吉州呼图壁县工业园区',
  山东魏桥纺织股份有限公司: '山东省滨州市邹平市魏桥镇齐东路 34 号',
  江苏华芳纺织有限公司: '江苏省张家港市塘桥镇华芳路',
  河南新野纺织股份有限公司: '河南省南阳市新野县书院路 15 号',
  中储棉库尔勒有限责任公司: '新疆库尔勒市经济技术开发区',
  中国农业发展银行乌鲁木齐分行: '新疆乌鲁木齐市天山区新华北路',
  中信期货有限公司: '广东省深圳市福田区中心三路 8 号',
};

/** The base seed's partners get a credit code and an address, as the demo's own have. */
async function completeSeedPartners(tx: Queryable, first: number) {
  const seeded = await tx.query<{ id: string; name: string }>(
    'select id::text as id, name from partners where credit_code is null order by id',
  );
  for (const [index, { id, name }] of seeded.entries())
    await tx.query('update partners set credit_code = $2, address = coalesce(address, $3) where id = $1', [
      id,
      demoCreditCode(first + index),
      SEED_PARTNER_ADDRESSES[name] ?? null,
    ]);
}

export async function partnersDemo(tx: Queryable): Promise<void> {
  const inserted = await insertRows<{ id: string; name: string }>(
    tx,
    'partners',
    {
      name: 'text',
      short_name: 'text',
      kinds: 'text[]',
      credit_code: 'text',
      credit_limit: 'numeric',
      address: 'text',
    },
    DEMO_PARTNERS.map((partner, index) => ({
      name: partner.name,
      short_name: partner.shortName,
      kinds: partner.kinds,
      credit_code: demoCreditCode(index + 1),
      credit_limit: partner.creditLimit ?? null,
      address: partner.address,
    })),
    'id::text as id, name',
  );
  await completeSeedPartners(tx, DEMO_PARTNERS.length + 1);
  const idByName = new Map(inserted.map((row) => [row.name, row.id]));
  await insertRows(
    tx,
    'partner_contacts',
    { partner_id: 'bigint', name: 'text', phone: 'text', position: 'text', sort: 'integer' },
    DEMO_PARTNERS.flatMap((partner) =>
      partner.contacts.map(([name, phone, position], sort) => ({
        partner_id: idByName.get(partner.name),
        name,
        phone,
        position,
        sort,
      })),
    ),
  );
}
