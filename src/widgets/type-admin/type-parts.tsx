import type { ReactNode } from 'react';
import type { TaxonomyType } from '../../contract/knowledge/taxonomy';
import { IconButton } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { EditIcon, TrashIcon } from '../../ui/icons';
import type { TypeTexts } from '../../contract/texts/admin/types';

/** Cells shared by the table and the cards. */

export function UsageChip({ type, texts }: { type: TaxonomyType; texts: TypeTexts }) {
  return <span className={cx('kg-chip', 'kg-type__usage', type.usageCount > 0 ? 'kg-chip--outlined' : 'kg-chip--muted')}>{texts.usage(type.usageCount)}</span>;
}

export function TypeName({ type, texts }: { type: TaxonomyType; texts: TypeTexts }) {
  return (
    <span className="kg-type__name-cell">
      {type.color && <span className="kg-type__dot" style={{ background: type.color }} title={type.color} aria-hidden="true" />}
      <span className="kg-type__name">{type.name}</span>
      <UsageChip type={type} texts={texts} />
    </span>
  );
}

export interface TypeActionsProps {
  texts: TypeTexts;
  /** Absent for a read-only viewer: no write buttons at all. */
  onEdit?: (type: TaxonomyType) => void;
  onDelete?: (type: TaxonomyType) => void;
  /** The type's FHIR export (a node type's ValueSet, a relation type's ConceptMap): a download button per row. */
  exportFhir?: (type: TaxonomyType) => ReactNode;
}

export function TypeActions({ type, texts, onEdit, onDelete, exportFhir }: TypeActionsProps & { type: TaxonomyType }) {
  if (!onEdit && !onDelete && !exportFhir) return null;
  return (
    <div className="kg-type__actions">
      {exportFhir?.(type)}
      {onEdit && (
        <IconButton label={texts.editLabel(type.name)} onClick={() => onEdit(type)}>
          <EditIcon />
        </IconButton>
      )}
      {onDelete && (
        <IconButton label={texts.deleteLabel(type.name)} className="kg-icon-btn--danger" onClick={() => onDelete(type)}>
          <TrashIcon />
        </IconButton>
      )}
    </div>
  );
}
