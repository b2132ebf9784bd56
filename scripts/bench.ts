// npm run bench [section...]: runs every section in scripts/bench/ (or the named ones) and prints its table.
import fs from 'node:fs';
import path from 'node:path';
import type { BenchRunner, BenchSection } from './bench/types.ts';

const dir = path.join(import.meta.dirname, 'bench');
const wanted = process.argv.slice(2);
const sections = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !['types.ts', 'plainBuild.ts'].includes(f) && !f.endsWith('.test.ts'))
  .map((f) => path.basename(f, '.ts'))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

function printTable({ title, columns, rows, notes = [] }: BenchSection): void {
  const cells = [columns, ...rows.map((r) => r.map(String))];
  const widths = columns.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n## ${title}\n`);
  console.log(line(columns));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of cells.slice(1)) console.log(line(r));
  for (const n of notes) console.log(`\n${n}`);
}

for (const name of sections) {
  const run = (await import(path.join(dir, `${name}.ts`))).default as BenchRunner;
  try {
    const result = await run();
    for (const section of Array.isArray(result) ? result : [result]) printTable(section);
  } catch (err) {
    console.log(`\n## ${name}\n\nfailed: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}
