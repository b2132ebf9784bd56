// The pledges of the demo company: written in demo.ts after everything else.
import type { Queryable } from '../../platform/db/index.ts';
import type { DemoContext } from '../../platform/resources/area.ts';

export async function pledgesDemo(_tx: Queryable, _context: DemoContext): Promise<void> {}
