import fs from 'node:fs';
import path from 'node:path';
import { readTenant } from '../../server/platform/tenants/load.ts';
import { repoRoot, tenantAssetsDir } from '../../server/platform/tenants/paths.ts';
import type { TenantConfig } from '../../src/shared/tenant/tenant-config.generated.ts';

export interface TenantMarker {
  owner: string;
  /** What the marker is, e.g. "$.buyer" or "asset logo.svg". */
  source: string;
  /** The forms the marker may take in a bundle (raw text, base64). */
  needles: string[];
}

export interface Leak {
  /** The tenant whose bundle holds the marker. */
  bundle: string;
  owner: string;
  source: string;
  file: string;
}

/** Free-text fields that identify a customer; enums and switches are shared vocabulary. */
function textFields(config: TenantConfig): [string, string][] {
  const terms = [
    'name',
    'orderType',
    'contractTypeZt',
    'contractTypeFt',
    'spotContract',
    'buyer',
    'seller',
    'somePriceTerm',
    'taxTime',
    'taxFee',
    'selfOwned',
    'propertyClient',
    'propertySupply',
  ] as const;
  return [
    ...terms.map((k): [string, string] => [`$.${k}`, config[k]]),
    ...Object.entries(config.title).map(([locale, t]): [string, string] => [`$.title.${locale}`, t]),
    ...Object.entries(config.termsIn).flatMap(([locale, words]) =>
      Object.entries(words).map(([k, word]): [string, string] => [`$.termsIn.${locale}.${k}`, word]),
    ),
    ['$.disclaimer.id', config.disclaimer.id],
  ];
}

/** The product's own words, in every bundle alike: a tenant's term that is one of them identifies nobody. */
function productWords(): string {
  const dir = path.join(repoRoot, 'locales');
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

function assetFiles(code: string): [string, Buffer][] {
  const dir = tenantAssetsDir(code);
  return fs.readdirSync(dir).map((f): [string, Buffer] => [f, fs.readFileSync(path.join(dir, f))]);
}

/**
 * Markers unique to each tenant: its text values that are not part of any other tenant's text nor a word of
 * the product's own (locales, e.g. "Basis contract"), and its images that no other tenant shares. A marker found in another tenant's bundle is a leak.
 */
export function tenantMarkers(codes: string[]): TenantMarker[] {
  const texts = new Map(codes.map((c) => [c, textFields(readTenant(c))]));
  const assets = new Map(codes.map((c) => [c, assetFiles(c)]));
  const shared = productWords();
  const markers: TenantMarker[] = [];
  for (const owner of codes) {
    const othersText = codes.filter((c) => c !== owner).flatMap((c) => texts.get(c)!.map(([, v]) => v));
    for (const [source, value] of texts.get(owner)!) {
      if (othersText.some((o) => o.includes(value)) || shared.includes(value)) continue;
      markers.push({ owner, source, needles: [value] });
    }
    const othersAssets = codes.filter((c) => c !== owner).flatMap((c) => assets.get(c)!.map(([, b]) => b));
    for (const [file, content] of assets.get(owner)!) {
      if (othersAssets.some((o) => o.equals(content))) continue;
      const text = content.toString('utf8').trim();
      markers.push({
        owner,
        source: `asset ${file}`,
        needles: [text, content.toString('base64'), encodeURIComponent(text)],
      });
    }
  }
  return markers;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** Every marker of another tenant found anywhere in `bundleDir` (a built dist/<code>/). */
export function findLeaks(bundle: string, bundleDir: string, markers: TenantMarker[]): Leak[] {
  const foreign = markers.filter((m) => m.owner !== bundle);
  const leaks: Leak[] = [];
  for (const file of filesUnder(bundleDir)) {
    const content = fs.readFileSync(file, 'utf8');
    for (const m of foreign) {
      if (m.needles.some((n) => content.includes(n))) {
        leaks.push({ bundle, owner: m.owner, source: m.source, file: path.relative(bundleDir, file) });
      }
    }
  }
  return leaks;
}
