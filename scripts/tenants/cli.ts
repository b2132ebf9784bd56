import { Command, Option } from 'commander';
import { readTenant, resolveTenantCodes, UnknownTenantError } from '../../server/platform/tenants/load.ts';
import { APP_VERSION, type BuildManifest, buildTenants } from './build.ts';
import { createTenant } from './create.ts';
import { generatedTypesFile, writeTenantTypes } from './types.ts';
import { formatProblem, validateTenants } from './validate.ts';

const EXIT_INVALID = 1;
const EXIT_UNKNOWN = 2;

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** Resolves codes or exits 2 naming the known ones. */
function codesOrExit(codes: string[]): string[] {
  try {
    return resolveTenantCodes(codes);
  } catch (err) {
    if (!(err instanceof UnknownTenantError)) throw err;
    console.error(err.message);
    process.exit(EXIT_UNKNOWN);
  }
}

function validateOrExit(codes: string[], json: boolean): void {
  const problems = validateTenants(codes);
  if (json && problems.length > 0) console.log(JSON.stringify({ ok: false, problems }, null, 2));
  if (problems.length === 0) return;
  if (!json) {
    console.error(`${problems.length} problem${problems.length > 1 ? 's' : ''} found; nothing was built:`);
    for (const p of problems) console.error(`  ${formatProblem(p)}`);
  }
  process.exit(EXIT_INVALID);
}

function printBuild(manifest: BuildManifest): void {
  console.log(`app (shared by all tenants): ${manifest.app.buildSeconds.toFixed(2)} s`);
  for (const t of Object.values(manifest.tenants)) {
    console.log(
      `${t.code.padEnd(8)} dist/${t.code}/  ${String(t.files.length).padStart(3)} files  ${kib(t.totalBytes).padStart(11)}  gzip ${kib(t.totalGzipBytes).padStart(10)}  ${t.buildSeconds.toFixed(2)} s  ${t.contentHash.slice(0, 12)}`,
    );
  }
  console.log(
    `built ${Object.keys(manifest.tenants).length} tenant(s) in ${manifest.wallSeconds.toFixed(2)} s; dist/manifest.json written`,
  );
}

const program = new Command()
  .name('tenants')
  .description('Validate, build and create customer (tenant) bundles of the cotton back office.')
  .version(APP_VERSION);

program
  .command('list')
  .description('code, name and title of each tenant')
  .option('--json', 'machine-readable output')
  .action((opts: { json?: boolean }) => {
    const rows = codesOrExit([]).map((code) => {
      const t = readTenant(code);
      return { code, name: t.name, title: t.title['zh-chs'] };
    });
    if (opts.json) return console.log(JSON.stringify(rows, null, 2));
    for (const r of rows) console.log(`${r.code.padEnd(8)} ${r.name}\t${r.title}`);
  });

program
  .command('validate [codes...]')
  .description(
    'check tenant files against tenants/schema.json, their assets, codes and file names; exit 1 on any problem',
  )
  .option('--json', 'machine-readable output')
  .action((codes: string[], opts: { json?: boolean }) => {
    const resolved = codesOrExit(codes);
    validateOrExit(resolved, !!opts.json);
    if (opts.json) console.log(JSON.stringify({ ok: true, tenants: resolved }, null, 2));
    else console.log(`${resolved.length} tenant(s) valid: ${resolved.join(', ')}`);
  });

program
  .command('build [codes...]')
  .description(
    'validate, then build the given tenants (or --all) in one run into dist/<code>/ and dist/manifest.json',
  )
  .option('--all', 'build every tenant')
  .option('--json', 'print the manifest as JSON instead of progress lines')
  .action(async (codes: string[], opts: { all?: boolean; json?: boolean }) => {
    if (!opts.all && codes.length === 0) {
      console.error('Name the tenants to build, or pass --all.');
      process.exit(EXIT_UNKNOWN);
    }
    const resolved = codesOrExit(opts.all ? [] : codes);
    validateOrExit(resolved, !!opts.json);
    if (!opts.json) console.log(`building ${resolved.join(', ')} ...`);
    const manifest = await buildTenants(resolved, { quiet: !!opts.json });
    if (opts.json) console.log(JSON.stringify(manifest, null, 2));
    else printBuild(manifest);
  });

program
  .command('new <code>')
  .description('create a tenant from an existing one (config and assets copied, code and names replaced)')
  .requiredOption('--from <code>', 'tenant to copy')
  .addOption(new Option('--name <name>', "the customer's name (default: the code in capitals)"))
  .action((code: string, opts: { from: string; name?: string }) => {
    codesOrExit([opts.from]);
    try {
      const config = createTenant(code, opts);
      console.log(
        `created tenants/${code}.json and tenants/assets/${code}/ from ${opts.from} (name "${config.name}")`,
      );
      console.log(
        `next: replace the images in tenants/assets/${code}/, then npm run tenants -- build ${code}`,
      );
    } catch (err) {
      console.error((err as Error).message);
      process.exit(EXIT_INVALID);
    }
  });

program
  .command('types')
  .description(`regenerate ${generatedTypesFile.replace(/.*\/src\//, 'src/')} from tenants/schema.json`)
  .action(async () => {
    await writeTenantTypes();
    console.log('tenant config type regenerated');
  });

await program.parseAsync();
