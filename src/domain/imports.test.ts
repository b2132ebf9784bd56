import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Both the client and the server import src/domain: it may use decimal.js and its own files, nothing else.
const folder = path.resolve('src', 'domain');
const sources = readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

test.each(sources)('%s imports only decimal.js and src/domain files', (name) => {
  const text = readFileSync(`${folder}/${name}`, 'utf8');
  const imported = [...text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
  expect(imported.filter((from) => from !== 'decimal.js' && !/^\.\/[\w.]+\.ts$/.test(from ?? ''))).toEqual(
    [],
  );
});

test('the domain index exposes the rules', async () => {
  const domain = await import('./index.ts');
  expect(Object.keys(domain)).toEqual(
    expect.arrayContaining([
      'batchFromBales',
      'validateBaleRows',
      'undeliverableReasons',
      'splitVat',
      'receiptHolding',
    ]),
  );
});
