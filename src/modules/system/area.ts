// An area of the settings screens: its declarations and the dictionaries they name, listed once in index.ts.

import type { ResourceDecl } from '../../shared/resource/index.ts';
import type { DictionarySeedEntry } from './dictionaries.ts';

export interface SystemArea {
  resources: readonly ResourceDecl[];
  /** Dictionary code → seed entries in display order. */
  dictionaries: Readonly<Record<string, readonly DictionarySeedEntry[]>>;
}
