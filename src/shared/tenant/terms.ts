// A tenant's own words in a language: the terms of tenants/<code>.json are its zh-chs words, `termsIn`
// holds them in the other languages. Pure (the server and the tests read a tenant file with it too).
import type { TenantConfig, TenantTerms } from './tenant-config.generated.ts';

/** A word of the tenant config a label or a template may name: one of its terms, or its name. */
export type TermKey = keyof TenantTerms | 'name';

/** The tenant's word for `term` in `language`; its name (a proper name) reads the same in every language. */
export function termOf(config: TenantConfig, term: TermKey, language: string): string {
  if (term === 'name') return config.name;
  const words = (config.termsIn as Readonly<Record<string, TenantTerms | undefined>>)[language.toLowerCase()];
  return words?.[term] ?? config[term];
}
