// Resources this server really serves (list, detail, save …). A catalogue route that names a resource
// appears in menus only when its resource is served, so no menu offers a page the server cannot answer.
// A call reading across areas (the workbench's desk) finds a served resource's declaration and storage here.

import type { ResourceDecl } from '../../../src/framework/resource/index.ts';
import type { ResourceStorage } from './storage.ts';

export interface ServedResource {
  decl: ResourceDecl;
  storage: ResourceStorage;
}

const served = new Map<string, ServedResource | undefined>();

export function markServed(resourceKey: string, resource?: ServedResource): void {
  served.set(resourceKey, resource ?? served.get(resourceKey));
}

export const isServed = (resourceKey: string): boolean => served.has(resourceKey);

/** The declaration and storage of a served resource, when its area is served. */
export const servedResource = (resourceKey: string): ServedResource | undefined => served.get(resourceKey);

/** Every served resource whose declaration and storage are known. */
export const servedResources = (): ServedResource[] =>
  [...served.values()].filter((resource): resource is ServedResource => resource !== undefined);
