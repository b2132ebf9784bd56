import fs from 'node:fs';
import path from 'node:path';
import { copyTenants, runTenantCli, tempDir } from '../../tests/support/tenantCli.ts';
import { bootFilesOf } from './budgets.ts';
import { generatedTypesFile, renderTenantTypes } from './types.ts';

let tenantsDir: string;
let distDir: string;

beforeEach(() => {
  tenantsDir = copyTenants();
  distDir = tempDir('dist');
});

const cli = (...args: string[]) => runTenantCli(args, { tenantsDir, distDir });
const editTenant = (code: string, edit: (config: Record<string, unknown>) => void) => {
  const file = path.join(tenantsDir, `${code}.json`);
  const config = JSON.parse(fs.readFileSync(file, 'utf8'));
  edit(config);
  fs.writeFileSync(file, JSON.stringify(config));
};
const distEntries = () => fs.readdirSync(distDir);

test('list shows code, name and title of each tenant', () => {
  const { status, stdout } = cli('list');
  expect(status).toBe(0);
  expect(stdout).toMatch(/^jees\s+嘉易棉业集团\s+嘉易棉业后台管理系统$/m);
  expect(stdout.trim().split('\n')).toHaveLength(3);
});

test('validate passes on the shipped tenants', () => {
  const { status, stdout } = cli('validate');
  expect(status).toBe(0);
  expect(stdout).toContain('3 tenant(s) valid');
});

test('every problem is reported at once with file, JSON path and an actionable message', () => {
  editTenant('jgj', (c) => {
    c.weightDigit = '3';
    delete c.buyer;
    c.logoColour = 'gold';
    (c.branding as Record<string, string>).icon = 'missing.svg';
  });
  editTenant('spm', (c) => {
    c.code = 'jees';
  });
  const { status, stderr } = cli('validate');
  expect(status).toBe(1);
  expect(stderr).toContain('tenants/jgj.json $.weightDigit: must be a whole number, found string "3"');
  expect(stderr).toContain('tenants/jgj.json $.buyer: missing field "buyer"');
  expect(stderr).toContain('tenants/jgj.json $.logoColour: unknown field "logoColour"');
  expect(stderr).toContain(
    'tenants/jgj.json $.branding.icon: asset file missing: tenants/assets/jgj/missing.svg',
  );
  expect(stderr).toContain('tenants/spm.json $.code: code "jees" differs from the file name "spm.json"');
  expect(stderr).toContain('tenants/jees.json $.code: duplicate code "jees" also used by tenants/spm.json');
});

test('a tenant with a wrong type builds nothing', () => {
  editTenant('jgj', (c) => {
    c.weightDigit = '3';
  });
  const { status, stderr } = cli('build', '--all');
  expect(status).toBe(1);
  expect(stderr).toContain('$.weightDigit');
  expect(stderr).toContain('nothing was built');
  expect(distEntries()).toEqual([]);
});

test('an unknown code exits 2 and names the known codes', () => {
  const { status, stderr } = cli('build', 'nosuch');
  expect(status).toBe(2);
  expect(stderr).toContain('Unknown tenant code: nosuch. Known codes: jees, jgj, spm.');
  expect(distEntries()).toEqual([]);
});

test('build --all gives each tenant its own titled, iconned index.html and a manifest', () => {
  const { status, stdout } = cli('build', '--all');
  expect(status).toBe(0);
  for (const code of ['jees', 'jgj', 'spm'])
    expect(stdout).toMatch(new RegExp(`^${code}\\s+dist/${code}/`, 'm'));
  const titles = { jees: '嘉易棉业后台管理系统', jgj: '金棉国贸后台管理系统', spm: '盛鹏供应链后台管理系统' };
  const icons = new Set<string>();
  for (const [code, title] of Object.entries(titles)) {
    const html = fs.readFileSync(path.join(distDir, code, 'index.html'), 'utf8');
    expect(html).toContain(`<title>${title}</title>`);
    // The product's name paints before any script runs (replaced by the app once it renders).
    expect(html).toMatch(new RegExp(`<div id="root"><p class="first-paint"[^>]*>${title}</p></div>`));
    const href = html.match(/<link rel="icon" href="([^"]+)"/)?.[1];
    expect(href).toBeTruthy();
    icons.add(fs.readFileSync(path.join(distDir, code, href!), 'utf8'));
    const { scripts } = bootFilesOf(path.join(distDir, code));
    expect(scripts[0]).toMatch(/^static\/js\/index\.[0-9a-f]+\.js$/);
    expect(scripts.at(-1)).toMatch(/^static\/js\/app\.[0-9a-f]+\.js$/);
    // No script is asked for before the name paints: the loader starts them all.
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).not.toMatch(/rel="preload"/);
  }
  expect(icons.size).toBe(3);

  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'manifest.json'), 'utf8'));
  expect(manifest.appVersion).toBe('1.20.1');
  expect(Object.keys(manifest.tenants)).toEqual(['jees', 'jgj', 'spm']);
  const jees = manifest.tenants.jees;
  expect(jees.contentHash).toMatch(/^[0-9a-f]{64}$/);
  expect(jees.buildSeconds).toBeGreaterThan(0);
  const index = jees.files.find((f: { path: string }) => f.path === 'index.html');
  expect(index.bytes).toBe(fs.statSync(path.join(distDir, 'jees/index.html')).size);
  expect(index.gzipBytes).toBeGreaterThan(0);
  expect(
    new Set(Object.values(manifest.tenants).map((t) => (t as { contentHash: string }).contentHash)).size,
  ).toBe(3);
});

test('--json prints the manifest for machines', () => {
  const { status, stdout } = cli('build', 'spm', '--json');
  expect(status).toBe(0);
  const manifest = JSON.parse(stdout);
  expect(Object.keys(manifest.tenants)).toEqual(['spm']);
  expect(manifest.tenants.spm.files.length).toBeGreaterThan(3);
});

test('a new tenant made from an existing one validates and builds with no code change', () => {
  const created = cli('new', 'acme', '--from', 'jees', '--name', 'Acme棉业');
  expect(created.status).toBe(0);
  const config = JSON.parse(fs.readFileSync(path.join(tenantsDir, 'acme.json'), 'utf8'));
  expect(config).toMatchObject({
    code: 'acme',
    name: 'Acme棉业',
    title: { 'zh-chs': 'Acme棉业后台管理系统' },
  });
  expect(fs.existsSync(path.join(tenantsDir, 'assets/acme/logo.svg'))).toBe(true);

  expect(cli('validate', 'acme').status).toBe(0);
  const built = cli('build', 'acme');
  expect(built.status, built.stderr).toBe(0);
  expect(fs.readFileSync(path.join(distDir, 'acme/index.html'), 'utf8')).toContain(
    '<title>Acme棉业后台管理系统</title>',
  );
  expect(cli('new', 'acme', '--from', 'jees').status).toBe(1);
});

test('the TypeScript tenant type is generated from the current schema', async () => {
  expect(fs.readFileSync(generatedTypesFile, 'utf8')).toBe(await renderTenantTypes());
});
