/**
 * The load of a key, started once and shared by every caller; a failed load is forgotten, so the next call
 * tries again (a chunk that did not arrive, a network that came back).
 */
export function remembered<T>(
  loads: Map<string, Promise<T>>,
  key: string,
  start: () => Promise<T>,
): Promise<T> {
  let loading = loads.get(key);
  if (!loading) {
    loading = start();
    loads.set(key, loading);
    loading.catch(() => loads.delete(key));
  }
  return loading;
}
