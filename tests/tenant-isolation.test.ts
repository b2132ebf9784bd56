import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { findLeaks, tenantMarkers } from '../scripts/tenants/isolation.ts';
import { listTenantCodes, readTenant } from '../server/platform/tenants/load.ts';
import { tempDir } from './support/tenantCli.ts';

const codes = listTenantCodes();
const markers = tenantMarkers(codes);
const distDir = inject('tenantDist');

test('every tenant has markers of its own to look for', () => {
  for (const code of codes) {
    const own = markers.filter((m) => m.owner === code);
    expect(own.some((m) => m.source === '$.name')).toBe(true);
    expect(own.some((m) => m.source.startsWith('asset '))).toBe(true);
  }
});

test.each(codes)('the %s bundle carries its own name and title', (code) => {
  const tenant = readTenant(code);
  const files = fs.readdirSync(path.join(distDir, code), { recursive: true, withFileTypes: true });
  const text = files
    .filter((f) => f.isFile())
    .map((f) => fs.readFileSync(path.join(f.parentPath, f.name), 'utf8'))
    .join('\n');
  expect(text).toContain(tenant.name);
  expect(text).toContain(tenant.title['zh-chs']);
});

test.each(codes)('the %s bundle holds nothing unique to another tenant', (code) => {
  expect(findLeaks(code, path.join(distDir, code), markers)).toEqual([]);
});

test('a leaked name or logo of another tenant is caught', () => {
  const [victim, owner] = codes as [string, string];
  const bundle = tempDir('leak');
  fs.cpSync(path.join(distDir, victim), bundle, { recursive: true });
  const js = fs.readdirSync(path.join(bundle, 'static/js')).find((f) => f.endsWith('.js'))!;
  fs.appendFileSync(
    path.join(bundle, 'static/js', js),
    `\nconsole.log(${JSON.stringify(readTenant(owner).name)});`,
  );
  const logo = readTenant(owner).branding.logo;
  fs.copyFileSync(path.join('tenants/assets', owner, logo), path.join(bundle, 'stray.svg'));

  const leaks = findLeaks(victim, bundle, markers);

  expect(leaks).toContainEqual({ bundle: victim, owner, source: '$.name', file: `static/js/${js}` });
  expect(leaks).toContainEqual({ bundle: victim, owner, source: `asset ${logo}`, file: 'stray.svg' });
});
