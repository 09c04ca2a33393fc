import { useMemo, useState, type FormEvent } from 'react';
import type { ApiClient } from '../../../api/client';
import { commentsApi, type CommentsApi } from '../../../api/knowledge/comments';
import { concerns } from '../../../api/live/live-interest';
import { COMMENT_LIMITS, type Comment, type CommentRecordType } from '../../../contract/knowledge/comments';
import { DISCUSSION_TEXTS as T } from '../../../contract/texts/knowledge/discussions';
import { failureText } from '../../../machines/error-text';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { ErrorState } from '../../../ui/feedback/LoadStates';
import { BlockSpinner } from '../../../ui/feedback/Spinner';
import { TextAreaField } from '../../../ui/form/TextArea';
import { formatDate, formatTime } from '../../format';
import { useLiveChanges } from '../../hooks/use-live-changes';
import { useLoad } from '../../hooks/use-load';
import { linkify } from './linkify';

export interface DiscussionProps {
  api: ApiClient;
  type: CommentRecordType;
  id: string;
  /** A card of its own (node detail) or a plain section inside a form (relation form). */
  variant?: 'card' | 'section';
}

const tooLong = (body: string) => (body.length > COMMENT_LIMITS.bodyMax ? T.tooLong(COMMENT_LIMITS.bodyMax) : null);

/**
 * A record's discussion: its comments oldest first, a box to add one, and Edit/Delete on the
 * reader's own (Delete also for a moderator: the server says which in `canEdit`/`canDelete`).
 * Others' new, edited and deleted comments arrive live (the comment's change message names this
 * record; the thread reloads through the API).
 */
export function Discussion({ api, type, id, variant = 'card' }: DiscussionProps) {
  const calls = useMemo(() => commentsApi(api), [api]);
  const thread = useLoad((signal) => calls.list(type, id, signal));
  useLiveChanges(
    api,
    (c) => concerns(c, { discussion: { type, id } }),
    () => void thread.reload(),
  );
  const [draft, setDraft] = useState('');
  const [posting, setPosting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (draft.trim() === '' || tooLong(draft)) return;
    setPosting(true);
    setError(null);
    try {
      await calls.post(type, id, draft);
      setDraft('');
      await thread.reload();
    } catch (err) {
      setError(failureText(err, T.saveFailed));
    } finally {
      setPosting(false);
    }
  };

  const comments = thread.data?.data ?? [];
  const body = (
    <div className="kg-discussion">
      {thread.status === 'loading' && <BlockSpinner label={T.title} />}
      {thread.status === 'error' && <ErrorState text={T.loadFailed} retryLabel={T.retry} onRetry={() => void thread.reload()} />}
      {thread.status === 'ready' &&
        (comments.length === 0 ? (
          <p className="kg-discussion__empty">{T.empty}</p>
        ) : (
          <ol className="kg-discussion__list" aria-label={T.title}>
            {comments.map((c) => (
              <CommentItem key={c.id} comment={c} calls={calls} onChanged={() => void thread.reload()} />
            ))}
          </ol>
        ))}
      <form className="kg-discussion__form" onSubmit={(e) => void submit(e)}>
        <TextAreaField
          label={T.label}
          placeholder={T.placeholder}
          rows={2}
          value={draft}
          maxChars={COMMENT_LIMITS.bodyMax}
          error={tooLong(draft) ?? error}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
        />
        <Button type="submit" className="kg-discussion__post" loading={posting} disabled={posting || draft.trim() === '' || tooLong(draft) !== null}>
          {T.post}
        </Button>
      </form>
    </div>
  );
  const title = thread.status === 'ready' ? `${T.title} (${comments.length})` : T.title;
  if (variant === 'section') {
    return (
      <section className="kg-discussion-section" aria-label={T.title}>
        <h3 className="kg-discussion-section__title">{title}</h3>
        {body}
      </section>
    );
  }
  return (
    <Card title={title} headingLevel={3} className="kg-discussion-card">
      {body}
    </Card>
  );
}

function CommentItem({ comment, calls, onChanged }: { comment: Comment; calls: CommentsApi; onChanged: () => void }) {
  const [mode, setMode] = useState<'show' | 'edit' | 'confirm'>('show');
  const [text, setText] = useState(comment.body);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (run: () => Promise<unknown>, failed: string) => {
    setBusy(true);
    setError(null);
    try {
      await run();
      setMode('show');
      onChanged();
    } catch (err) {
      setError(failureText(err, failed));
    } finally {
      setBusy(false);
    }
  };
  const when = `${formatDate(comment.createdAt, '')} ${formatTime(comment.createdAt)}`;
  return (
    <li className="kg-discussion__item" data-comment-id={comment.id}>
      <Avatar name={comment.author.username} size={32} className="kg-discussion__avatar" />
      <div className="kg-discussion__content">
        <div className="kg-discussion__meta">
          <span className="kg-discussion__author">{comment.author.id ? comment.author.username : `${comment.author.username} (${T.deletedUser})`}</span>
          <time dateTime={comment.createdAt}>{when}</time>
          {comment.edited && <span className="kg-discussion__edited">({T.edited})</span>}
        </div>
        {mode === 'edit' ? (
          <form
            className="kg-discussion__edit"
            onSubmit={(e) => {
              e.preventDefault();
              if (text.trim() !== '' && !tooLong(text)) void act(() => calls.update(comment.id, text), T.saveFailed);
            }}
          >
            <TextAreaField label={T.label} rows={3} value={text} maxChars={COMMENT_LIMITS.bodyMax} error={tooLong(text) ?? error} onChange={(e) => setText(e.target.value)} />
            <div className="kg-discussion__actions">
              <Button variant="text" onClick={() => (setMode('show'), setText(comment.body), setError(null))} disabled={busy}>
                {T.cancel}
              </Button>
              <Button type="submit" loading={busy} disabled={busy || text.trim() === '' || tooLong(text) !== null}>
                {T.save}
              </Button>
            </div>
          </form>
        ) : (
          <p className="kg-discussion__body">
            {linkify(comment.body).map((piece, i) =>
              piece.href ? (
                <a key={i} href={piece.href} target="_blank" rel="noopener noreferrer nofollow">
                  {piece.text}
                </a>
              ) : (
                <span key={i}>{piece.text}</span>
              ),
            )}
          </p>
        )}
        {mode === 'show' && (comment.canEdit || comment.canDelete) && (
          <div className="kg-discussion__actions">
            {comment.canEdit && (
              <Button variant="text" onClick={() => (setText(comment.body), setMode('edit'))}>
                {T.edit}
              </Button>
            )}
            {comment.canDelete && (
              <Button variant="text" onClick={() => setMode('confirm')}>
                {T.delete}
              </Button>
            )}
          </div>
        )}
        {mode === 'confirm' && (
          <div className="kg-discussion__confirm" role="group" aria-label={T.deleteQuestion}>
            <span>{T.deleteQuestion}</span>
            <Button variant="text" onClick={() => setMode('show')} disabled={busy}>
              {T.cancel}
            </Button>
            <Button variant="danger" loading={busy} disabled={busy} onClick={() => void act(() => calls.remove(comment.id), T.deleteFailed)}>
              {T.delete}
            </Button>
          </div>
        )}
        {error && mode !== 'edit' && (
          <p className="kg-discussion__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
