import type { ResourceDecl } from '../../shared/resource/index.ts';
import type { DictionarySeedEntry } from './dictionaries.ts';

export const LOGISTICS_RESOURCES: readonly ResourceDecl[] = [];

export const LOGISTICS_DICTIONARIES: Readonly<Record<string, readonly DictionarySeedEntry[]>> = {};
