import type { ResourceDecl } from '../../shared/resource/index.ts';
import type { DictionarySeedEntry } from './dictionaries.ts';

export const WAREHOUSE_SERVICE_RESOURCES: readonly ResourceDecl[] = [];

export const WAREHOUSE_SERVICE_DICTIONARIES: Readonly<Record<string, readonly DictionarySeedEntry[]>> = {};
