// What the server answers for a dictionary in the component tests: each seed entry's word as the seed
// stores it (zh-chs text, the zh-chs words of its i18n key, the tenant's own term).
import type { DictionaryEntry } from '../shared/api/contract.ts';
import { tenant } from '../shared/tenant/index.ts';
import { ALL_DICTIONARIES } from './declarations.ts';
import { messageOf } from './locales.ts';

export function storedDictionary(code: string): DictionaryEntry[] {
  return (ALL_DICTIONARIES[code] ?? []).map((entry, index) => ({
    value: entry.value,
    sort: index + 1,
    label:
      typeof entry.label === 'string'
        ? entry.label
        : 'i18n' in entry.label
          ? (messageOf('zh-chs', entry.label.i18n) ?? entry.value)
          : String(tenant[entry.label.term]),
  }));
}
