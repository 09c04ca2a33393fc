import { useMemo } from 'react';
import type { ApiClient } from '../../../api/client';
import { commentsApi } from '../../../api/knowledge/comments';
import { concerns } from '../../../api/live/live-interest';
import type { CommentRecordType } from '../../../contract/knowledge/comments';
import { DISCUSSION_TEXTS as T } from '../../../contract/texts/knowledge/discussions';
import { Button } from '../../../ui/Button';
import { useLiveChanges } from '../../hooks/use-live-changes';
import { useLoad } from '../../hooks/use-load';

/** The graph popover's line: how many comments the record has, and a way to the full thread. */
export function DiscussionCount({ api, type, id, onOpen }: { api: ApiClient; type: CommentRecordType; id: string; onOpen?: () => void }) {
  const calls = useMemo(() => commentsApi(api), [api]);
  const thread = useLoad((signal) => calls.list(type, id, signal));
  useLiveChanges(
    api,
    (c) => concerns(c, { discussion: { type, id } }),
    () => void thread.reload(),
  );
  if (thread.status !== 'ready' || !thread.data) return null;
  const n = thread.data.data.length;
  return (
    <p className="kg-discussion-count">
      <span>{T.count(n)}</span>
      {onOpen && (
        <Button variant="text" className="kg-discussion-count__open" onClick={onOpen}>
          {T.open}
        </Button>
      )}
    </p>
  );
}
