import { type ComponentType, lazy } from 'react';

/**
 * A component kept out of the page's first load: `preload()` fetches it (once; again after a
 * failure), and `current()` is the component itself once it is here, else a `lazy` one for a
 * Suspense boundary. React's `lazy` alone suspends at its first render even when the module has
 * already arrived, so a preloaded component would still show its fallback once.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { preload(): Promise<ComponentType<P>>; current(): ComponentType<P> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  return { preload, current: () => loaded ?? Lazy };
}
