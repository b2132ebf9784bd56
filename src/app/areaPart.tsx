// What an area adds to a screen that is not its own (a resource's detail, the home page) arrives with the
// area's chunk: the part renders once it has loaded.
import { type ComponentType, lazy, Suspense } from 'react';

/** An area's screen component, fetched the first time it renders (nothing shows until it has). */
export function areaPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module load, so its type is stable
  const Shown = (props: P) => (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
  return Shown;
}
