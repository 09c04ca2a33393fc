import { isEditConflict, isProposalSent } from '../../../api/client';
import { PROPOSAL_TEXTS } from '../../../contract/texts/knowledge/proposals';

/** How a dashboard section reports an outcome: the page's toast. */
export type Notify = (message: string, severity?: 'success' | 'error') => void;

/**
 * A section's delete: the call, then the toast and the reloads; on failure the error toast (spec
 * §8's fixed text) and the cause in the console. A record changed since the user saw it (412) is
 * not a failure: the delete dialog asks again, showing the change.
 */
export function deleteAction<T>(o: { remove: (item: T, version?: number) => Promise<unknown>; done: string; failed: string; notify: Notify; after: () => void }) {
  return async (item: T, version?: number) => {
    try {
      await o.remove(item, version);
      o.notify(o.done);
      o.after();
    } catch (err) {
      if (isEditConflict(err)) throw err;
      // Review mode kept the delete as a proposal: the record stays; the toast says where it went.
      if (isProposalSent(err)) return o.notify(PROPOSAL_TEXTS.sent);
      console.error(o.failed, err);
      o.notify(o.failed, 'error');
    }
  };
}
