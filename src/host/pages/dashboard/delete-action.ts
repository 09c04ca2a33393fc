/** How a dashboard section reports an outcome: the page's toast. */
export type Notify = (message: string, severity?: 'success' | 'error') => void;

/**
 * A section's delete: the call, then the toast and the reloads; on failure the error toast (spec
 * §8's fixed text) and the cause in the console.
 */
export function deleteAction<T>(o: { remove: (item: T) => Promise<unknown>; done: string; failed: string; notify: Notify; after: () => void }) {
  return async (item: T) => {
    try {
      await o.remove(item);
      o.notify(o.done);
      o.after();
    } catch (err) {
      console.error(o.failed, err);
      o.notify(o.failed, 'error');
    }
  };
}
