// The screens of the logistics area: the spec's routes it renders, each bound to its declaration.
import { type BusinessRoute, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  shell('QmYkDetail', '/pri/QmYkDetail', 'list', 'movement', { mode: 'transfer' }),
  shell('QmDdYs', '/pri/QmDdYs', 'list', 'movement', { mode: 'shortHaul' }),
  shell('QmTlYs', '/pri/QmTlYs', 'list', 'movement', { mode: 'rail' }),
  shell('QmGlYs', '/pri/QmGlYs', 'list', 'movement', { mode: 'road' }),
  shell('QmRailway', '/pri/QmRailway', 'list', 'transportRoute', { mode: 'rail' }),
  shell('QmRoad', '/pri/QmRoad', 'list', 'transportRoute', { mode: 'road' }),
  shell('QmBystation', '/pri/QmBystation', 'list', 'dispatchStation'),
];
