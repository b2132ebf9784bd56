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

/** antd's Watermark over every shell page; it redraws itself if removed in DevTools. */
export function ShellWatermark({ children }: { children: ReactNode }) {
  const user = useSelector(selectUser);
  return (
    <Watermark
      content={user ? watermarkLines(user) : []}
      font={{ color: 'rgba(0,0,0,.12)', fontSize: 14 }}
      gap={[120, 120]}
    >
      {children}
    </Watermark>
  );
}
