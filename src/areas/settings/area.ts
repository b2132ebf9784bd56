// Settings: dictionaries, versioned settings, the quality premium table and print templates: the area's
// manifest, what the app knows of it before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { SYSTEM_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

export const area: AreaManifest = {
  key: 'settings',
  routes,
  dictionaries: SYSTEM_DICTIONARIES,
  declarations: () =>
    import(/* webpackChunkName: "area-settings" */ './index.ts').then((m) => m.settingsArea),
};
