import type { ResourceDecl } from '../../shared/resource/index.ts';
import type { DictionarySeedEntry } from './dictionaries.ts';

export const BATCH_RESOURCES: readonly ResourceDecl[] = [];

export const BATCH_DICTIONARIES: Readonly<Record<string, readonly DictionarySeedEntry[]>> = {};
