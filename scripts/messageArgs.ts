import { parseArgs } from 'node:util';
import { readConfig, SERVER_FLAGS, type ServerConfig } from '../server/config.ts';
import { DEMO_PASSWORD } from '../server/platform/db/seed/data.ts';

export const MESSAGE_USAGE =
  'Usage: npm run message -- --to <loginName> --text <markdown> [--type 1000003] [--tenant code] [--direct] [--url http://host:port] [server flags: --port, --host, --tenants, --data-dir, --database-url …]';

export interface MessageArgs {
  config: ServerConfig;
  tenant: string;
  input: { to: string; type: string; text: string };
  direct: boolean;
  /** The running server of the tenant: --url, else where the server flags (and variables) put it. */
  base: string;
  as: string;
  password: string;
}

/** The message command's own flags plus every server flag, read the way the server reads them. */
export function readMessageArgs(argv: string[], env: NodeJS.ProcessEnv): MessageArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...SERVER_FLAGS,
      tenant: { type: 'string' },
      to: { type: 'string' },
      type: { type: 'string', default: '1000003' },
      text: { type: 'string' },
      direct: { type: 'boolean', default: false },
      url: { type: 'string' },
      as: { type: 'string', default: env.MESSAGE_ADMIN ?? 'admin' },
      password: { type: 'string', default: env.MESSAGE_PASSWORD ?? DEMO_PASSWORD },
    },
  });
  if (!values.to || !values.text) throw new Error(MESSAGE_USAGE);
  const config = readConfig(argv, env);
  const tenant = values.tenant ?? config.tenants[0]!;
  if (!config.tenants.includes(tenant))
    throw new Error(`Unknown tenant ${tenant}; known: ${config.tenants.join(', ')}.`);
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  return {
    config,
    tenant,
    input: { to: values.to, type: values.type, text: values.text },
    direct: values.direct,
    base: values.url ?? `http://${host}:${config.ports[tenant]}`,
    as: values.as,
    password: values.password,
  };
}
