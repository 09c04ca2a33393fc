import { lazy, useEffect, useState, type ComponentType } from 'react';
import { PageSpinner } from '../ui';

export interface LazyPage<P extends object> {
  Page: ComponentType<P>;
  /** Starts loading the page's chunk (once). */
  preload: () => Promise<unknown>;
}

/**
 * A route page in its own chunk, shown without Suspense: until the chunk arrives the page is a
 * spinner, then it renders. React.lazy would suspend on the first render even when the chunk is
 * already on its way (preloaded while the session check ran), and React 19 then holds the
 * Suspense fallback for at least 300 ms (its reveal throttle): measured as 300 ms lost before the
 * first table row on /nodes. A failed download falls back to React.lazy, which retries and
 * throws to the error boundary as before.
 */
export function lazyPage<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (m) => (loaded = pick(m)),
      (err: unknown) => {
        pending = null; // a failed download is retried on the next attempt
        throw err;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((C) => ({ default: C })));

  function Page(props: P) {
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
    return state.failed ? <Lazy {...props} /> : <PageSpinner />;
  }
  return { Page, preload };
}
