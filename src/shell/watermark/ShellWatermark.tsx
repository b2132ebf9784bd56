import { Watermark } from 'antd';
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import type { UserInfo } from '../../shared/api/contract.ts';
import { maskPhone } from '../../shared/format/phone.ts';
import type { Tenant } from '../../shared/tenant/index.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { selectUser } from '../session/sessionSlice.ts';

/** The lines the watermark shows for a user, as the tenant's watermark rule says. */
export function watermarkLines(user: UserInfo, rule: Tenant['watermark'] = tenant.watermark): string[] {
  return rule.fields
    .map((field) => (field === 'phone' && rule.maskPhone ? maskPhone(user.phone) : (user[field] ?? '')))
    .filter((line) => line !== '');
}

const FONT_SIZE = 14;
const MIN_WIDTH = 120;

/** antd clips watermark text at its width (default 120 px): size it from the widest line. */
export function watermarkWidth(lines: string[]): number {
  const widthOf = (line: string) =>
    [...line].reduce((w, ch) => w + (ch.codePointAt(0)! >= 0x2e80 ? FONT_SIZE : FONT_SIZE * 0.6), 0);
  return Math.ceil(Math.max(MIN_WIDTH, ...lines.map(widthOf)));
}

/** antd's Watermark over every shell page; it redraws itself if removed in DevTools. */
export function ShellWatermark({ children }: { children: ReactNode }) {
  const user = useSelector(selectUser);
  const lines = user ? watermarkLines(user) : [];
  return (
    <Watermark
      content={lines}
      width={watermarkWidth(lines)}
      font={{ color: 'rgba(0,0,0,.12)', fontSize: FONT_SIZE }}
      gap={[120, 120]}
    >
      {children}
    </Watermark>
  );
}
