import type { ComponentType } from 'react';
import { PageSpinner } from '../ui';
import { lazyPart } from '../widgets';

export interface LazyPage<P extends object> {
  Page: ComponentType<P>;
  /** Starts loading the page's chunk (once). */
  preload: () => Promise<unknown>;
}

/**
 * A route page in its own chunk, shown without Suspense (lazyPart): a spinner until the chunk
 * arrives, then the page. With React.lazy a page suspended on its first render even when its chunk
 * had been preloaded during the session check, and React 19 then holds the Suspense fallback for at
 * least 300 ms (its reveal throttle): measured as 300 ms lost before the first table row on /nodes.
 */
export function lazyPage<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyPage<P> {
  const { Part, preload } = lazyPart(load, pick, <PageSpinner />);
  return { Page: Part, preload };
}
