import fs from 'node:fs';
import path from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { repoRoot, schemaFile } from '../../server/platform/tenants/paths.ts';

export const generatedTypesFile = path.join(repoRoot, 'src/shared/tenant/tenant-config.generated.ts');

/** The TypeScript type of a tenant file, generated from tenants/schema.json. */
export async function renderTenantTypes(): Promise<string> {
  const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
  delete schema.properties.$schema;
  return compile(schema, 'TenantConfig', {
    bannerComment: '/* Generated from tenants/schema.json by `npm run tenants -- types`. Do not edit. */',
    additionalProperties: false,
    style: { singleQuote: true, printWidth: 110 },
  });
}

export async function writeTenantTypes(): Promise<void> {
  fs.writeFileSync(generatedTypesFile, await renderTenantTypes());
}
