// Access: who may do what: the area's manifest, what the app knows of it before loading it (listed in
// src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { routes } from './routes.ts';

const screens = () => import(/* webpackChunkName: "area-access" */ './RoleGrants.tsx');

export const area: AreaManifest = {
  key: 'access',
  routes,
  dictionaries: {},
  declarations: () => import(/* webpackChunkName: "area-access" */ './index.ts').then((m) => m.accessArea),
  parts: {
    role: {
      linesInput: () => screens().then((m) => m.RoleGrantsInput),
      linesView: () => screens().then((m) => m.RoleGrantsView),
    },
  },
};
