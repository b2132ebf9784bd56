import path from 'node:path';
import { databaseTarget, readConfig, wantsDemo } from './config.ts';
import { repoRoot } from './platform/tenants/paths.ts';

describe('server configuration', () => {
  it('serves every tenant from port 8080 on, each in its own PGlite folder, by default', () => {
    const config = readConfig([], {});
    expect(config.tenants).toEqual(['jees', 'jgj', 'spm']);
    expect(config.ports).toEqual({ jees: 8080, jgj: 8081, spm: 8082 });
    expect(config.host).toBe('127.0.0.1');
    expect(databaseTarget(config, 'jgj', {})).toEqual({ dataDir: path.join(repoRoot, '.data', 'jgj') });
  });

  it('lets flags win over environment variables', () => {
    const config = readConfig(['--port', '9000', '--tenants', 'spm'], { PORT: '7000', TENANTS: 'jees' });
    expect(config.tenants).toEqual(['spm']);
    expect(config.ports).toEqual({ spm: 9000 });
  });

  it("takes one tenant's port from PORT_<CODE>", () => {
    expect(readConfig([], { PORT_JGJ: '9100' }).ports.jgj).toBe(9100);
  });

  it('puts each tenant in its own schema of DATABASE_URL, or its own database', () => {
    const env = { DATABASE_URL: 'postgres://db/app', DATABASE_URL_SPM: 'postgres://db/spm' };
    const config = readConfig([], env);
    expect(databaseTarget(config, 'jees', env)).toMatchObject({
      url: 'postgres://db/app',
      schema: 'tenant_jees',
    });
    expect(databaseTarget(config, 'spm', env)).toMatchObject({ url: 'postgres://db/spm', schema: 'public' });
  });

  it('names the known tenants when asked for an unknown one', () => {
    expect(() => readConfig(['--tenants', 'acme'], {})).toThrow(/Unknown tenant acme; known: jees, jgj, spm/);
  });

  it('trusts only the proxies that exist: loopback behind a local proxy, or the ones named', () => {
    expect(readConfig([], {}).trustProxy).toBe(false);
    expect(readConfig(['--trust-proxy'], {}).trustProxy).toBe('loopback');
    expect(readConfig([], { TRUST_PROXY: '1' }).trustProxy).toBe('loopback');
    expect(readConfig(['--trusted-proxies', '10.88.0.1,10.0.0.0/8'], {}).trustProxy).toBe(
      '10.88.0.1,10.0.0.0/8',
    );
    expect(readConfig([], { TRUST_PROXY: '1', TRUSTED_PROXIES: '2' }).trustProxy).toBe(2);
  });

  it('loads the demo company into embedded PGlite unless --no-demo, into PostgreSQL only with --demo', () => {
    const demoOf = (argv: string[], env: NodeJS.ProcessEnv) => {
      const config = readConfig(argv, env);
      return wantsDemo(config, databaseTarget(config, 'jees', env));
    };
    const postgres = { DATABASE_URL: 'postgres://db/app' };
    expect(demoOf([], {})).toBe(true);
    expect(demoOf(['--no-demo'], {})).toBe(false);
    expect(demoOf([], { DEMO: '0' })).toBe(false);
    expect(demoOf([], postgres)).toBe(false);
    expect(demoOf(['--demo'], postgres)).toBe(true);
    expect(demoOf([], { ...postgres, DEMO: '1' })).toBe(true);
    expect(demoOf([], { DATABASE_URL_JEES: 'postgres://db/jees' })).toBe(false);
  });

  it('caps the sockets of one session at 8 unless --sockets-per-session says otherwise', () => {
    expect(readConfig([], {}).socketsPerSession).toBe(8);
    expect(readConfig([], { SOCKETS_PER_SESSION: '3' }).socketsPerSession).toBe(3);
    expect(readConfig(['--sockets-per-session', '20'], { SOCKETS_PER_SESSION: '3' }).socketsPerSession).toBe(
      20,
    );
    expect(() => readConfig(['--sockets-per-session', '0'], {})).toThrow(
      '--sockets-per-session must be a whole number from 1, not "0".',
    );
  });
});
