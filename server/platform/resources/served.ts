// Resources this server really serves (list, detail, save …). A catalogue route that names a resource
// appears in menus only when its resource is served, so no menu offers a page the server cannot answer.

const served = new Set<string>();

export function markServed(resourceKey: string): void {
  served.add(resourceKey);
}

export const isServed = (resourceKey: string): boolean => served.has(resourceKey);
