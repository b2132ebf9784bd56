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

export async function partnersDemo(tx: Queryable): Promise<void> {
  const inserted = await insertRows<{ id: string; name: string }>(
    tx,
    'partners',
    { name: 'text', short_name: 'text', kinds: 'text[]', credit_limit: 'numeric', address: 'text' },
    DEMO_PARTNERS.map((partner) => ({
      name: partner.name,
      short_name: partner.shortName,
      kinds: partner.kinds,
      credit_limit: partner.creditLimit ?? null,
      address: partner.address,
    })),
    'id::text as id, name',
  );
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
