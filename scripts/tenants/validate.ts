import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { listTenantCodes } from '../../server/platform/tenants/load.ts';
import { schemaFile, tenantAssetsDir, tenantFile, tenantsDir } from '../../server/platform/tenants/paths.ts';

export interface TenantProblem {
  /** File the problem is in, relative to the repo root. */
  file: string;
  /** JSON path of the offending value, `$` for the whole document. */
  path: string;
  message: string;
}

const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
const validateSchema = new Ajv({ allErrors: true, strict: true }).compile(schema);

/** Paths as the user knows them: tenants/<code>.json, wherever the tenants folder is. */
const rel = (file: string) => path.relative(path.dirname(tenantsDir), file);

function jsonPath(instancePath: string): string {
  if (!instancePath) return '$';
  return `$${instancePath
    .split('/')
    .slice(1)
    .map((seg) => (/^\d+$/.test(seg) ? `[${seg}]` : `.${seg.replace(/~1/g, '/').replace(/~0/g, '~')}`))
    .join('')}`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}

function schemaAt(instancePath: string): { description?: string } | undefined {
  let node = schema;
  for (const seg of instancePath.split('/').slice(1)) {
    node = /^\d+$/.test(seg) ? node?.items : node?.properties?.[seg];
  }
  return node;
}

/** Turns one ajv error into a sentence a person can act on, with the field's description as a hint. */
function toProblem(file: string, error: ErrorObject, doc: unknown): TenantProblem {
  const params = error.params as Record<string, unknown>;
  const hint = (p: string) => {
    const d = schemaAt(p)?.description;
    return d ? ` (${d})` : '';
  };
  const value = error.instancePath
    .split('/')
    .slice(1)
    .reduce<unknown>((v, seg) => (v as Record<string, unknown> | undefined)?.[seg], doc);
  switch (error.keyword) {
    case 'required': {
      const field = String(params.missingProperty);
      const p = `${error.instancePath}/${field}`;
      return { file, path: jsonPath(p), message: `missing field "${field}"; add it${hint(p)}` };
    }
    case 'additionalProperties': {
      const field = String(params.additionalProperty);
      const allowed = Object.keys(
        schemaAt(error.instancePath)
          ? ((schemaAt(error.instancePath) as { properties?: object }).properties ?? {})
          : {},
      );
      return {
        file,
        path: jsonPath(`${error.instancePath}/${field}`),
        message: `unknown field "${field}"; remove it or rename it to one of: ${allowed.filter((k) => k !== '$schema').join(', ')}`,
      };
    }
    case 'type':
      return {
        file,
        path: jsonPath(error.instancePath),
        message: `must be ${params.type === 'integer' ? 'a whole number' : `of type ${params.type}`}, found ${describe(value)}${hint(error.instancePath)}`,
      };
    case 'enum':
      return {
        file,
        path: jsonPath(error.instancePath),
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, found ${describe(value)}`,
      };
    case 'pattern':
      return {
        file,
        path: jsonPath(error.instancePath),
        message: `${describe(value)} does not have the expected form${hint(error.instancePath)}`,
      };
    default:
      return {
        file,
        path: jsonPath(error.instancePath),
        message: `${error.message ?? 'is invalid'}, found ${describe(value)}${hint(error.instancePath)}`,
      };
  }
}

const BRANDING_FILES = ['logo', 'logoCollapsed', 'icon', 'favicon'] as const;

function validateOne(code: string): { problems: TenantProblem[]; declaredCode?: string } {
  const file = rel(tenantFile(code));
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(tenantFile(code), 'utf8'));
  } catch (err) {
    return { problems: [{ file, path: '$', message: `not valid JSON: ${(err as Error).message}` }] };
  }
  const problems: TenantProblem[] = [];
  if (!validateSchema(doc))
    problems.push(...(validateSchema.errors ?? []).map((e) => toProblem(file, e, doc)));
  const config = (doc ?? {}) as { code?: unknown; branding?: Record<string, unknown> };
  if (typeof config.code === 'string' && config.code !== code) {
    problems.push({
      file,
      path: '$.code',
      message: `code "${config.code}" differs from the file name "${code}.json"; rename the file or change the code`,
    });
  }
  for (const key of BRANDING_FILES) {
    const name = config.branding?.[key];
    if (typeof name !== 'string') continue;
    const asset = path.join(tenantAssetsDir(code), name);
    if (!fs.existsSync(asset)) {
      problems.push({
        file,
        path: `$.branding.${key}`,
        message: `asset file missing: ${rel(asset)}; add it or correct the name`,
      });
    }
  }
  return { problems, declaredCode: typeof config.code === 'string' ? config.code : undefined };
}

/** Validates the given tenants (all when empty) and reports every problem at once. */
export function validateTenants(codes: string[] = listTenantCodes()): TenantProblem[] {
  const problems: TenantProblem[] = [];
  const declared = new Map<string, string[]>();
  for (const code of listTenantCodes()) {
    const result = validateOne(code);
    if (codes.includes(code)) problems.push(...result.problems);
    if (result.declaredCode)
      declared.set(result.declaredCode, [...(declared.get(result.declaredCode) ?? []), code]);
  }
  for (const [declaredCode, files] of declared) {
    if (files.length < 2 || !files.some((f) => codes.includes(f))) continue;
    for (const f of files) {
      problems.push({
        file: rel(tenantFile(f)),
        path: '$.code',
        message: `duplicate code "${declaredCode}" also used by ${files
          .filter((o) => o !== f)
          .map((o) => rel(tenantFile(o)))
          .join(', ')}; each tenant needs its own code`,
      });
    }
  }
  return problems;
}

export const formatProblem = (p: TenantProblem) => `${p.file} ${p.path}: ${p.message}`;
