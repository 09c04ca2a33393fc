import { lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';

export interface LazyPart<P extends object> {
  Part: ComponentType<P>;
  /** Starts loading the part's chunk (once); a page that shows the part first calls it early. */
  preload: () => Promise<unknown>;
}

/**
 * A screen of a widget in its own chunk (a form the user opens), shown without Suspense: until the
 * chunk arrives `fallback` shows (the screen's own loading spinner), then the part renders, at once
 * if it was preloaded. React.lazy would suspend even for an arrived chunk and React 19 then holds
 * the fallback for 300 ms (measured on the host: 300 ms lost before the first row of /nodes). A failed download falls back to
 * React.lazy, which retries and throws to the error boundary.
 */
export function lazyPart<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>, fallback: ReactNode): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (m) => (loaded = pick(m)),
      (err: unknown) => {
        pending = null;
        throw err;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((C) => ({ default: C })));

  function Part(props: P) {
    const [state, setState] = useState<{ C: ComponentType<P> | null; failed: boolean }>(() => ({ C: loaded, failed: false }));
    useEffect(() => {
      if (state.C || state.failed) return;
      let live = true;
      preload().then(
        (C) => live && setState({ C, failed: false }),
        () => live && setState({ C: null, failed: true }),
      );
      return () => {
        live = false;
      };
    }, [state.C, state.failed]);
    if (state.C) return <state.C {...props} />;
    return state.failed ? <Lazy {...props} /> : fallback;
  }
  return { Part, preload };
}
