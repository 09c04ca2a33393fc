import { EVIDENCE_GRADES, EVIDENCE_LIMITS, gradeLabel } from '../../../contract/knowledge/relation-evidence';
import { EVIDENCE_TEXTS as E } from '../../../contract/texts/relations';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/form/Select';
import { TextField } from '../../../ui/form/TextField';
import { PlusIcon, TrashIcon } from '../../../ui/icons';
import { EMPTY_EVIDENCE, evidenceRowErrors, type EvidenceDraft } from './relation-form';

export interface EvidenceFieldsProps {
  rows: EvidenceDraft[];
  onChange: (rows: EvidenceDraft[]) => void;
  /** Set once a submit was refused for evidence: then each row says what is wrong with it. */
  error?: string;
  disabled: boolean;
}

/** The relation's sources: one row each (source, quote, grade), added and removed freely. */
export function EvidenceFields({ rows, onChange, error, disabled }: EvidenceFieldsProps) {
  const rowErrors = error ? evidenceRowErrors(rows) : [];
  const setRow = (index: number, patch: Partial<EvidenceDraft>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const gradeOptions = [{ value: '', label: E.noGrade }, ...EVIDENCE_GRADES.map((g) => ({ value: g, label: gradeLabel(g, E.grades) }))];
  return (
    <fieldset className="kg-relation-form__evidence" data-testid="relation-evidence">
      <legend className="kg-field__label">{E.title}</legend>
      <p className="kg-relation-form__evidence-hint">{E.hint}</p>
      {rows.length > 0 && (
        <ol className="kg-relation-form__evidence-rows">
          {rows.map((row, index) => (
            <li key={index} className="kg-relation-form__evidence-row">
              <TextField
                className="kg-relation-form__evidence-source"
                label={E.source}
                value={row.source}
                maxChars={EVIDENCE_LIMITS.sourceMax}
                onChange={(e) => setRow(index, { source: e.currentTarget.value })}
                error={rowErrors[index]}
                disabled={disabled}
                autoComplete="off"
              />
              <SelectField
                className="kg-relation-form__evidence-grade"
                label={E.grade}
                options={gradeOptions}
                value={row.grade}
                onChange={(grade) => setRow(index, { grade: grade as EvidenceDraft['grade'] })}
                disabled={disabled}
              />
              <TextField
                className="kg-relation-form__evidence-quote"
                label={E.quote}
                value={row.quote}
                maxChars={EVIDENCE_LIMITS.quoteMax}
                onChange={(e) => setRow(index, { quote: e.currentTarget.value })}
                disabled={disabled}
                autoComplete="off"
              />
              <Button
                variant="text"
                className="kg-relation-form__evidence-remove"
                aria-label={E.removeNamed(index + 1)}
                title={E.remove}
                startIcon={<TrashIcon />}
                disabled={disabled}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              />
            </li>
          ))}
        </ol>
      )}
      {error && !rowErrors.some(Boolean) && <p className="kg-field__help kg-field__help--error">{error}</p>}
      {rows.length < EVIDENCE_LIMITS.items && (
        <Button variant="outlined" startIcon={<PlusIcon />} disabled={disabled} onClick={() => onChange([...rows, { ...EMPTY_EVIDENCE }])}>
          {E.add}
        </Button>
      )}
    </fieldset>
  );
}
