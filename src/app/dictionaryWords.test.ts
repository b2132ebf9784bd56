// Every dictionary word the system seeds reads in every language, the same as the state it names.
import type { TFunction } from 'i18next';
import {
  dictionaryWord,
  dictionaryWordKey,
  registerDictionarySeeds,
} from '../framework/screens/dictionaryWords.ts';
import { ALL_DICTIONARIES, ALL_RESOURCES } from '../test/declarations.ts';
import { ALL_LOCALES, messageOf } from '../test/locales.ts';
import { initI18n } from './i18n.ts';

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/;

/** The translation key of each seeded entry: its dictionaryWord key, or the i18n key it was seeded from. */
interface SeededKey {
  code: string;
  value: string;
  key: string;
  /** The zh-chs word the seed stores, when written as text. */
  stored?: string;
}

const seededKeys: SeededKey[] = Object.entries(ALL_DICTIONARIES).flatMap(([code, entries]) =>
  entries.flatMap((entry): SeededKey[] => {
    if (typeof entry.label === 'string')
      return [{ code, value: entry.value, key: dictionaryWordKey(code, entry.value), stored: entry.label }];
    if ('i18n' in entry.label) return [{ code, value: entry.value, key: entry.label.i18n }];
    return [];
  }),
);

test('every seeded dictionary word has its words in all four languages (en without Chinese)', () => {
  const missing = ALL_LOCALES.flatMap((locale) =>
    seededKeys.filter(({ key }) => !messageOf(locale, key)).map(({ key }) => `${locale} ${key}`),
  );
  expect(missing).toEqual([]);
  const chinese = seededKeys.filter(({ key }) => CJK.test(messageOf('en', key) ?? '')).map(({ key }) => key);
  expect(chinese).toEqual([]);
  // zh-chs words are the stored seed words themselves.
  const differing = seededKeys.filter(
    ({ key, stored }) => stored !== undefined && messageOf('zh-chs', key) !== stored,
  );
  expect(differing).toEqual([]);
});

test('a workflow state reads the same in its dictionary as on its state tag, in every language', () => {
  const wordOf = (code: string, value: string) =>
    seededKeys.find((e) => e.code === code && e.value === value)?.key;
  const mismatches = ALL_RESOURCES.flatMap((decl) => {
    const workflow = decl.workflow;
    const field = workflow ? decl.fields[workflow.field] : undefined;
    if (!workflow || field?.type !== 'enum') return [];
    return Object.entries(workflow.states as Record<string, unknown>).flatMap(([state, label]) => {
      const key = wordOf(field.dictionary, state);
      if (typeof label !== 'string' || !key) return [];
      return ALL_LOCALES.filter((locale) => messageOf(locale, key) !== messageOf(locale, label)).map(
        (locale) => `${decl.key}.${state} ${locale}: ${messageOf(locale, key)} ≠ ${messageOf(locale, label)}`,
      );
    });
  });
  expect(mismatches).toEqual([]);
});

describe('a stored entry reads', () => {
  let t: TFunction;
  beforeAll(async () => {
    registerDictionarySeeds(ALL_DICTIONARIES);
    t = (await initI18n('en')).t;
  });

  test('as its seeded word in the chosen language', () => {
    expect(dictionaryWord('receiptState', { value: 'transferred', label: '已过户', sort: 4 }, t, 'en')).toBe(
      messageOf('en', 'state.transferred'),
    );
    expect(dictionaryWord('colourGrade', { value: '31', label: '白棉3级', sort: 3 }, t, 'en')).toBe(
      'White 3',
    );
  });

  test('as stored in zh-chs, when the administrator renamed or added it, and for a tenant term', () => {
    expect(
      dictionaryWord('receiptState', { value: 'transferred', label: '已过户', sort: 4 }, t, 'zh-chs'),
    ).toBe('已过户');
    expect(dictionaryWord('receiptState', { value: 'transferred', label: '已转让', sort: 4 }, t, 'en')).toBe(
      '已转让',
    );
    expect(dictionaryWord('colourGrade', { value: '99', label: '特级', sort: 99 }, t, 'en')).toBe('特级');
    expect(dictionaryWord('pricingParty', { value: 'buyer', label: '需方甲', sort: 1 }, t, 'en')).toBe(
      '需方甲',
    );
  });
});
