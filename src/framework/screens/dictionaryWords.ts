// Dictionary words in the user's language. The dictionary call answers each entry's label as stored (the
// seed wrote the zh-chs word); the words the system seeded read in the chosen language (a tenant term in
// the tenant's word for that language), while words an administrator added or renamed stay as entered
// (spec: zh-chs shows the stored label).

import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionaryQuery } from '../../api/lookupsApi.ts';
import type { DictionaryEntry } from '../../shared/api/contract.ts';
import { DEFAULT_LOCALE } from '../../shared/constants.ts';
import { tenant, tenantTerm } from '../../shared/tenant/index.ts';
import type { Dictionaries } from '../resource/area.ts';

let seeds: Dictionaries = {};

/** The seed entries of every dictionary (the app registers the areas' ones with their pages). */
export function registerDictionarySeeds(dictionaries: Dictionaries) {
  seeds = dictionaries;
}

/** The i18n key of a dictionary word the system seeded (common namespace). */
export const dictionaryWordKey = (code: string, value: string) => `dictionaryWord.${code}.${value}`;

/**
 * The word of a stored entry in `language`: in the stored language (zh-chs) the label as stored; else the
 * seeded word's translation while the stored label is still the seeded one (`dictionaryWord.<code>.<value>`,
 * the i18n key the entry was seeded from, or the tenant's term in that language); an administrator's own
 * word as stored.
 */
export function dictionaryWord(code: string, entry: DictionaryEntry, t: TFunction, language: string): string {
  if (language.toLowerCase() === DEFAULT_LOCALE) return entry.label;
  const seed = seeds[code]?.find((candidate) => candidate.value === entry.value);
  if (!seed) return entry.label;
  if (typeof seed.label === 'string')
    return seed.label === entry.label
      ? t(dictionaryWordKey(code, entry.value), { ns: 'common', defaultValue: entry.label })
      : entry.label;
  if ('i18n' in seed.label) return t(seed.label.i18n, { defaultValue: entry.label });
  return tenant[seed.label.term] === entry.label ? tenantTerm(seed.label.term, language) : entry.label;
}

/** A dictionary's entries with their words in `language`. */
export const translateDictionary = (
  code: string,
  entries: readonly DictionaryEntry[],
  t: TFunction,
  language: string,
): DictionaryEntry[] =>
  entries.map((entry) => ({ ...entry, label: dictionaryWord(code, entry, t, language) }));

/** The dictionary call (cached), its entries in the user's language. */
export function useDictionaryWords(code: string | undefined) {
  const { t, i18n } = useTranslation();
  const query = useDictionaryQuery({ code: code ?? '' }, { skip: !code });
  const language = i18n.language ?? DEFAULT_LOCALE;
  const data = useMemo(
    () => (query.data && code ? translateDictionary(code, query.data, t, language) : undefined),
    [query.data, code, t, language],
  );
  return { data, isFetching: query.isFetching };
}
