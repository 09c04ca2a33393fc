import { useId, useMemo, useState } from 'react';
import type { ApiClient } from '../../../api/client';
import { concerns, deletionOf } from '../../../api/live/live-interest';
import { nodesApi } from '../../../api/knowledge/nodes';
import { isNotFound } from '../../../api/not-found';
import { relationsApi } from '../../../api/knowledge/relations';
import { typesApi } from '../../../api/knowledge/types';
import { LIVE_TEXTS } from '../../../contract/texts/common';
import type { ChangeMessage } from '../../../contract/live/live-changes';
import { RELATION_TEXTS as T } from '../../../contract/texts/relations';
import { rulesOf } from '../../../contract/knowledge/relation-type-rules';
import type { Relation } from '../../../contract/knowledge/relations';
import type { User } from '../../../contract/admin/users';
import { Button, IconButton } from '../../../ui/Button';
import { ArrowLeftIcon } from '../../../ui/icons';
import { LiveNotice } from '../../../ui/feedback/LiveNotice';
import { ErrorState, NotFoundState } from '../../../ui/feedback/LoadStates';
import { BlockSpinner } from '../../../ui/feedback/Spinner';
import { useLiveChanges } from '../../hooks/use-live-changes';
import { useTitleInShell } from '../../shell-title';
import { HistoryPart, RecordTabs } from '../../parts/history';
import { useLoad } from '../../hooks/use-load';
import { Presence } from '../../parts/presence';
import { Discussion } from '../../parts/discussion';
import { draftOf, EMPTY_DRAFT, nodeOptionOf } from './relation-form';
import { RelationFormBody } from './RelationFormBody';

export interface RelationFormProps {
  api: ApiClient;
  user: User;
  /** Edit this relation; absent = create one. */
  relationId?: string;
  /** Create mode: the preset source node (/nodes/{id}/relations/new). */
  sourceNodeId?: string;
  canDelete: boolean;
  onSaved: (relation: Relation, mode: 'create' | 'edit') => void;
  onDeleted: (relationId: string) => void;
  onCancel: () => void;
  /** The way out when the relation (or the preset source node) does not exist. */
  onBackToList: () => void;
  /** Another screen of the app (a proposal's link to My proposals); absent: no link. */
  onNavigate?: (detail: { path: string }) => void;
}

/**
 * Relation form (spec §2 "Relation form"): loads the relation types and, in edit mode, the
 * relation, or the preset source node; then the form edits a draft of it.
 */
export function RelationForm({ api, relationId, sourceNodeId, onBackToList, ...rest }: RelationFormProps) {
  const calls = useMemo(() => ({ relations: relationsApi(api), nodes: nodesApi(api), types: typesApi(api, 'relation') }), [api]);
  const data = useLoad(async (signal) => {
    const [types, relation, source] = await Promise.all([
      calls.types.list(signal),
      relationId ? calls.relations.get(relationId) : null,
      !relationId && sourceNodeId ? calls.nodes.get(sourceNodeId) : null,
    ]);
    const draft = relation ? draftOf(relation) : { ...EMPTY_DRAFT, source: source ? nodeOptionOf(source) : null };
    return { types: types.map((t) => t.name), rules: rulesOf(types), draft, version: relation?.version };
  });
  const mode = relationId ? 'edit' : 'create';
  const headingId = useId();
  const titleInShell = useTitleInShell();
  const heading = mode === 'edit' ? T.editHeading : T.createHeading;
  const canRestore = rest.user.permissions?.includes('relations.update') ?? false;

  // Live changes to the edited relation: its deletion elsewhere is said at once; a change offers a
  // reload (the draft being typed is the user's, so it is never replaced unasked).
  const [elsewhere, setElsewhere] = useState<{ relationId: string; change: ChangeMessage } | null>(null);
  const [version, setVersion] = useState(0);
  useLiveChanges(
    api,
    (c) => concerns(c, { records: relationId ? [{ type: 'relation', id: relationId }] : [] }),
    (changes) => {
      if (relationId) setElsewhere({ relationId, change: deletionOf(changes, 'relation', relationId) ?? changes.at(-1)! });
    },
    mode === 'edit',
  );
  const live = elsewhere?.relationId === relationId ? elsewhere?.change : null;
  const reloadForm = () => {
    setElsewhere(null);
    void data.reload().then(() => setVersion((v) => v + 1));
  };

  if (live?.action === 'delete') {
    return <NotFoundState title={T.relationNotFound} text={LIVE_TEXTS.relationDeleted(live.actor?.username ?? null)} backLabel={T.backToList} onBack={onBackToList} />;
  }
  if (data.status === 'error' && isNotFound(data.error)) {
    return <NotFoundState title={relationId ? T.relationNotFound : T.nodeNotFound} text={T.notFoundText} backLabel={T.backToList} onBack={onBackToList} />;
  }

  return (
    <section className="kg-relation-form" {...(titleInShell ? { 'aria-label': heading } : { 'aria-labelledby': headingId })} part="form">
      {!titleInShell && (
        <header className="kg-relation-form__header">
          <IconButton label={T.back} onClick={rest.onCancel}>
            <ArrowLeftIcon />
          </IconButton>
          <h2 id={headingId} className="kg-admin__title">
            {heading}
          </h2>
        </header>
      )}
      <Presence api={api} kind="relation" id={relationId} mode="editing" />
      {/* Changed underneath: the form is stale; the typed draft stays, its next save leads to the comparison (412).
          A change to this relation: the form's banner offers the comparison; a bulk change only a reload. */}
      {live && !live.id && <LiveNotice className="kg-changed-banner" text={LIVE_TEXTS.changed} reloadLabel={LIVE_TEXTS.reload} onReload={reloadForm} />}
      {data.status === 'loading' && <BlockSpinner label={T.loadingForm} />}
      {data.status === 'error' && (
        <ErrorState text={T.formLoadFailed} retryLabel={T.retry} onRetry={() => void data.reload()}>
          <Button variant="text" onClick={rest.onCancel}>
            {T.cancel}
          </Button>
        </ErrorState>
      )}
      {data.status === 'ready' && data.data && !relationId && (
        <RelationFormBody key={`${sourceNodeId ?? 'new'}#${version}`} api={api} mode={mode} types={data.data.types} rules={data.data.rules} initial={data.data.draft} {...rest} />
      )}
      {data.status === 'ready' && data.data && relationId && (
        <RecordTabs
          label={T.editHeading}
          details={
            <>
              <RelationFormBody
                key={`${relationId}#${version}`}
                api={api}
                mode={mode}
                relationId={relationId}
                types={data.data.types}
                rules={data.data.rules}
                initial={data.data.draft}
                version={data.data.version}
                changed={live?.id ? live : null}
                onReviewed={() => setElsewhere(null)}
                {...rest}
              />
              <Discussion api={api} type="relation" id={relationId} variant="section" />
            </>
          }
          history={() => (
            <HistoryPart.Part
              api={api}
              kind="relations"
              recordId={relationId}
              canRestore={canRestore}
              onRestored={() => void data.reload().then(() => setVersion((v) => v + 1))}
            />
          )}
        />
      )}
    </section>
  );
}
