// Scenarios that fail today because the shell or the server lacks a feature. Each stays in the suite and is
// reported as skipped with its reason; remove the entry when the feature lands.
import type { Fixme } from './runner.ts';

export const fixmes: Fixme[] = [];
