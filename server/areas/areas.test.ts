import { AREAS, BUSINESS_ROUTES } from '../../src/areas/index.ts';
import { COMPOSITION, SERVER_AREAS } from './index.ts';

describe('the area lists', () => {
  it('name the same areas, in the same order, on both sides', () => {
    expect(SERVER_AREAS.map((area) => area.key)).toEqual(AREAS.map((area) => area.key));
  });

  it('compose the route catalogue the app composes', () => {
    expect(COMPOSITION.routes).toEqual(BUSINESS_ROUTES);
  });

  it('give each server area the declarations of its client area', async () => {
    for (const area of SERVER_AREAS) {
      const manifest = AREAS.find((client) => client.key === area.key);
      expect(area.declarations).toBe(await manifest?.declarations());
    }
  });

  it('store only resources their own area declares, and every resource of an area that has a screen', () => {
    for (const area of SERVER_AREAS) {
      const declared = new Set(area.declarations.resources.map((decl) => decl.key));
      expect(Object.keys(area.storage).filter((key) => !declared.has(key))).toEqual([]);
    }
  });

  it('keep each area in a folder of its own name on both sides', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../..');
    for (const { key } of AREAS) {
      expect(fs.existsSync(path.join(root, 'src/areas', key, 'area.ts'))).toBe(true);
      expect(fs.existsSync(path.join(root, 'src/areas', key, 'index.ts'))).toBe(true);
      expect(fs.existsSync(path.join(root, 'server/areas', key, 'index.ts'))).toBe(true);
    }
  });
});
