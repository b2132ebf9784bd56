// Renders the nginx configuration of one tenant:
//   tsx scripts/deploy-nginx.ts jees --server-name bo.jees.example.com --upstream 127.0.0.1:8081 \
//       [--listen 80] [--root /srv/cotton/jees] [--out /etc/nginx/conf.d/cotton-jees.conf]
//   tsx scripts/deploy-nginx.ts jees ... --standalone /tmp/nginx-jees   # full nginx.conf for `nginx -t -p … -c …`
import fs from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { renderTenantConf, repoRoot, type TenantNginxOptions, writeStandalone } from './deploy/nginx.ts';

const program = new Command()
  .name('deploy-nginx')
  .description(
    'Render deploy/nginx/tenant.conf.template for one tenant: its bundle on its own host name, /api, /login/ and /socket proxied to its API server.',
  )
  .argument('<code>', 'tenant code (tenants/<code>.json)')
  .requiredOption('--server-name <names>', 'host name(s) of the tenant, space separated')
  .requiredOption('--upstream <host:port>', "the tenant's API server")
  .option('--listen <port>', 'listen port or address:port', '80')
  .option('--root <dir>', "folder holding the tenant's bundle (default: dist/<code> of this checkout)")
  .option('--out <file>', 'write the server block here instead of printing it')
  .option(
    '--standalone <prefix>',
    'write <prefix>/nginx.conf (complete, for nginx -t -p <prefix> -c <prefix>/nginx.conf)',
  )
  .action(
    (
      code: string,
      opts: {
        serverName: string;
        upstream: string;
        listen: string;
        root?: string;
        out?: string;
        standalone?: string;
      },
    ) => {
      const tenantFile = path.join(repoRoot, 'tenants', `${code}.json`);
      if (!/^[a-z][a-z0-9]{1,15}$/.test(code) || !fs.existsSync(tenantFile)) {
        const known = fs
          .readdirSync(path.join(repoRoot, 'tenants'))
          .filter((f) => f.endsWith('.json') && f !== 'schema.json')
          .map((f) => f.slice(0, -5));
        console.error(`unknown tenant "${code}"; known: ${known.join(', ')}`);
        process.exit(2);
      }
      const name = (JSON.parse(fs.readFileSync(tenantFile, 'utf8')) as { name: string }).name;
      const options: TenantNginxOptions & { name: string } = {
        code,
        name,
        serverName: opts.serverName,
        upstream: opts.upstream,
        listen: opts.listen,
        root: path.resolve(opts.root ?? path.join(repoRoot, 'dist', code)),
      };
      try {
        if (opts.standalone) {
          const conf = writeStandalone(path.resolve(opts.standalone), options);
          console.log(conf);
          return;
        }
        const text = renderTenantConf(options);
        if (opts.out) {
          fs.writeFileSync(opts.out, text);
          console.log(`wrote ${opts.out}`);
        } else process.stdout.write(text);
      } catch (err) {
        console.error((err as Error).message);
        process.exit(1);
      }
    },
  );

program.parse();
