import { evidenceLink, evidenceSourceKind, gradeLabel, weakestGrade, type Evidence } from '../../../contract/knowledge/relation-evidence';
import { EVIDENCE_TEXTS as E } from '../../../contract/texts/relations';

/** A source as a link where it can be read (PubMed, the DOI resolver, the address), else as words. */
export function EvidenceSource({ source }: { source: string }) {
  const href = evidenceLink(source);
  const kind = evidenceSourceKind(source);
  if (!href) return <span className="kg-evidence__source">{source}</span>;
  return (
    <a className="kg-evidence__source" href={href} target="_blank" rel="noopener noreferrer" data-kind={kind}>
      {source}
    </a>
  );
}

/** Every source with its grade and quote (the graph's edge popover). */
export function EvidenceList({ evidence }: { evidence: readonly Evidence[] }) {
  if (evidence.length === 0) return <p className="kg-evidence__none">{E.none}</p>;
  return (
    <section className="kg-evidence" aria-label={E.title}>
      <h4 className="kg-evidence__title">
        {E.title} <span className="kg-evidence__count">({E.count(evidence.length)})</span>
      </h4>
      <ul className="kg-evidence__list">
        {evidence.map((e, i) => (
          <li key={i} className="kg-evidence__item">
            <EvidenceSource source={e.source} />
            {e.grade && <span className={`kg-evidence__grade kg-evidence__grade--${e.grade.replace(' ', '-')}`}>{gradeLabel(e.grade, E.grades)}</span>}
            {e.quote && <q className="kg-evidence__quote">{e.quote}</q>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The compact form (a node's relations): the count, the weakest grade, the identifiers as links. */
export function EvidenceSummary({ evidence }: { evidence: readonly Evidence[] }) {
  if (evidence.length === 0) return null;
  const grade = weakestGrade(evidence);
  const linked = evidence.filter((e) => evidenceSourceKind(e.source) === 'pmid' || evidenceSourceKind(e.source) === 'doi').slice(0, 2);
  return (
    <span className="kg-evidence-summary" title={evidence.map((e) => e.source).join('\n')}>
      <span className="kg-evidence-summary__count">{E.count(evidence.length)}</span>
      {grade && <span className={`kg-evidence__grade kg-evidence__grade--${grade.replace(' ', '-')}`}>{gradeLabel(grade, E.grades)}</span>}
      {linked.map((e, i) => (
        <EvidenceSource key={i} source={e.source} />
      ))}
    </span>
  );
}
