import { useEffect, useRef } from 'react';
import type { ApiClient } from '../../../api/client';
import { isNotFound } from '../../../api/not-found';
import type { SnomedConceptDetail, SnomedConceptRef } from '../../../contract/knowledge/snomed';
import { SNOMED_CONCEPT_TEXTS as T } from '../../../contract/texts/snomed';
import { Alert } from '../../../ui/feedback/Alert';
import { ErrorState } from '../../../ui/feedback/LoadStates';
import { BlockSpinner } from '../../../ui/feedback/Spinner';
import { breadcrumb, refTitle, sortDescriptions } from './concept-view';
import { useConcept } from './use-concept';

export interface ConceptBrowserProps {
  api: ApiClient;
  conceptId: string;
  /** Opens another concept (a parent, child, path entry or replacement). */
  onOpen: (conceptId: string) => void;
  /** Told each time the concept has loaded (the dialog's "Use this concept" needs its term). */
  onLoaded?: (concept: SnomedConceptDetail) => void;
}

const fmtTime = (v: string | null) => (v && /^\d{8}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6)}` : (v ?? '—'));

function ConceptLink({ concept, onOpen }: { concept: SnomedConceptRef; onOpen: (id: string) => void }) {
  return (
    <button type="button" className="kg-concept__link" onClick={() => onOpen(concept.id)}>
      <span className="kg-concept__link-term">{refTitle(concept)}</span>
      <span className="kg-concept__link-id">{concept.id}</span>
    </button>
  );
}

function RefList({ label, items, empty, onOpen, note }: { label: string; items: SnomedConceptRef[]; empty: string; onOpen: (id: string) => void; note?: string }) {
  return (
    <section className="kg-concept__section" aria-label={label}>
      <h4 className="kg-concept__section-title">
        {label} <span className="kg-concept__count">({items.length})</span>
      </h4>
      {items.length === 0 ? (
        <p className="kg-concept__empty">{empty}</p>
      ) : (
        <ul className="kg-concept__refs">
          {items.map((r) => (
            <li key={r.id}>
              <ConceptLink concept={r} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
      {note && <p className="kg-concept__note">{note}</p>}
    </section>
  );
}

/** One concept: its names, where it sits (path to the root, parents, children), its descriptions and, when retired, its replacements. */
export function ConceptBrowser({ api, conceptId, onOpen, onLoaded }: ConceptBrowserProps) {
  const loaded = useConcept(api, conceptId);
  const heading = useRef<HTMLHeadingElement>(null);
  const concept = loaded.data;
  useEffect(() => {
    if (!concept) return;
    onLoaded?.(concept);
    // The new concept's name takes the focus, so a keyboard or screen reader user hears where they went.
    heading.current?.focus();
    // onLoaded is a callback prop; the concept is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [concept]);

  if (loaded.status === 'loading') return <BlockSpinner label={T.loading} />;
  if (loaded.status === 'error' || !concept) {
    if (isNotFound(loaded.error)) return <Alert severity="info">{T.notFound}</Alert>;
    return <ErrorState text={T.loadFailed} retryLabel={T.retry} onRetry={() => void loaded.reload()} />;
  }
  const crumbs = breadcrumb(concept);
  return (
    <div className="kg-concept" data-concept-id={concept.conceptId}>
      {crumbs.length > 1 && (
        <nav className="kg-concept__path" aria-label={T.pathLabel}>
          <ol>
            {crumbs.map((c, i) => (
              <li key={c.id}>
                {i === crumbs.length - 1 ? (
                  <span aria-current="page">{refTitle(c)}</span>
                ) : (
                  <button type="button" className="kg-concept__crumb" onClick={() => onOpen(c.id)}>
                    {refTitle(c)}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <header className="kg-concept__head">
        <h3 className="kg-concept__term" ref={heading} tabIndex={-1}>
          {concept.preferredTerm ?? concept.conceptId}
        </h3>
        {concept.fsn && concept.fsn !== concept.preferredTerm && <p className="kg-concept__fsn">{concept.fsn}</p>}
        <div className="kg-concept__chips">
          <span className="kg-concept__id">{concept.conceptId}</span>
          {concept.semanticTag && <span className="kg-chip kg-chip--default">{concept.semanticTag}</span>}
          <span className={concept.active ? 'kg-chip kg-chip--success' : 'kg-chip kg-chip--muted'}>{concept.active ? T.active : T.inactive}</span>
        </div>
        {concept.usedBy && <p className="kg-concept__used">{T.usedBy(concept.usedBy.name)}</p>}
      </header>

      {!concept.active && (
        <section className="kg-concept__section kg-concept__replacements" aria-label={T.replacements}>
          <h4 className="kg-concept__section-title">{T.replacements}</h4>
          {concept.replacements.length === 0 ? (
            <p className="kg-concept__empty">{T.noReplacements}</p>
          ) : (
            <ul className="kg-concept__refs">
              {concept.replacements.map((r) => (
                <li key={`${r.type}:${r.id}`} className="kg-concept__replacement">
                  <span className="kg-concept__assoc">{T.associations[r.type]}</span>
                  <ConceptLink concept={r} onOpen={onOpen} />
                  {!r.active && <span className="kg-chip kg-chip--muted">{T.inactive}</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <div className="kg-concept__hierarchy">
        <RefList label={T.parents} items={concept.parents} empty={concept.active ? T.noParents : T.noParentsInactive} onOpen={onOpen} />
        <RefList
          label={T.children}
          items={concept.children}
          empty={T.noChildren}
          onOpen={onOpen}
          note={concept.childCount > concept.children.length ? T.childrenShown(String(concept.children.length), String(concept.childCount)) : undefined}
        />
      </div>

      <section className="kg-concept__section" aria-label={T.descriptions}>
        <h4 className="kg-concept__section-title">
          {T.descriptions} <span className="kg-concept__count">({concept.descriptions.length})</span>
        </h4>
        <ul className="kg-concept__descriptions">
          {sortDescriptions(concept.descriptions).map((d) => (
            <li key={d.id} className={d.active ? undefined : 'kg-concept__description--inactive'}>
              <span className="kg-concept__description-term">{d.term}</span>
              <span className="kg-concept__description-meta">
                {T.descriptionTypes[d.type]}
                {d.acceptability && ` · ${d.acceptability === 'preferred' ? T.preferred : T.acceptable}`}
                {!d.active && ` · ${T.inactive}`}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <dl className="kg-concept__facts">
        <div>
          <dt>{T.definitionStatus}</dt>
          <dd>{concept.definitionStatus === 'defined' ? T.defined : concept.definitionStatus === 'primitive' ? T.primitive : '—'}</dd>
        </div>
        <div>
          <dt>{T.effectiveTime}</dt>
          <dd>{fmtTime(concept.effectiveTime)}</dd>
        </div>
      </dl>
    </div>
  );
}
