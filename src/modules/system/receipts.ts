import type { ResourceDecl } from '../../shared/resource/index.ts';
import type { DictionarySeedEntry } from './dictionaries.ts';

export const RECEIPT_RESOURCES: readonly ResourceDecl[] = [];

export const RECEIPT_DICTIONARIES: Readonly<Record<string, readonly DictionarySeedEntry[]>> = {};
