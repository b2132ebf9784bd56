import { renderTenantConf } from './nginx.ts';

describe('the nginx configuration of a tenant', () => {
  it('lets no other site frame the app wherever nginx answers with index.html', () => {
    const conf = renderTenantConf({
      code: 'jees',
      serverName: 'bo.jees.example.com',
      upstream: '127.0.0.1:8081',
      listen: '80',
      root: '/srv/cotton/jees',
    });
    const pageBlocks = [/location = \/index\.html \{[^}]*\}/, /location \/ \{[^}]*\}/].map(
      (block) => conf.match(block)?.[0] ?? '',
    );
    for (const block of pageBlocks) {
      expect(block).toContain('add_header X-Frame-Options SAMEORIGIN always;');
      expect(block).toContain(`add_header Content-Security-Policy "frame-ancestors 'self'" always;`);
    }
  });
});
