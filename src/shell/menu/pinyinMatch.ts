import { pinyin } from 'pinyin-pro';
import type { SearchEntry } from './menuModel.ts';

/** Lower-case initials of a title's Chinese characters, other characters kept (e.g. 下载中心 → xzzx). */
export const initialsOf = (text: string) =>
  pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .join('')
    .replace(/\s+/g, '')
    .toLowerCase();

/** Entries whose full title contains the words, or whose pinyin initials do. */
export function searchEntries(pool: SearchEntry[], words: string): SearchEntry[] {
  const query = words.trim().toLowerCase();
  if (!query) return pool;
  return pool.filter(
    (entry) =>
      entry.fullTitle.toLowerCase().includes(query) ||
      initialsOf(entry.title).includes(query) ||
      initialsOf(entry.fullTitle).includes(query),
  );
}
