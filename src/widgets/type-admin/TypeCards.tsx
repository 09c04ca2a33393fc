import { formatDate } from '../format';
import { TypeActions, TypeName } from './type-parts';
import type { TypeListProps } from './TypeTable';

/** The small-screen list: one card per type with its usage, creation date and creator. */
export function TypeCards({ rows, empty, busy, texts, onEdit, onDelete, exportFhir }: TypeListProps) {
  if (rows.length === 0) return <div className="kg-admin__empty">{empty}</div>;
  return (
    <ul className="kg-admin__cards kg-type-cards" aria-label={texts.listLabel} aria-busy={busy || undefined}>
      {rows.map((t) => (
        <li key={t.id} className="kg-admin-card kg-type-card">
          <div className="kg-admin-card__head">
            <TypeName type={t} texts={texts} />
            <TypeActions type={t} texts={texts} onEdit={onEdit} onDelete={onDelete} exportFhir={exportFhir} />
          </div>
          <dl className="kg-admin-card__facts kg-type-card__facts">
            <div>
              <dt>{texts.colCreated}</dt>
              <dd>{formatDate(t.createdAt, '—')}</dd>
            </div>
            <div>
              <dt>{texts.colCreatedBy}</dt>
              <dd>{t.createdBy ?? '—'}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
