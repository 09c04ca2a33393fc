import { useState } from 'react';
import type { TaxonomyType } from '../../contract/taxonomy';
import { LIMITS } from '../../contract/limits';
import { failureText } from '../../machines/error-text';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import type { TypeTexts } from './texts';
import { canSaveName } from './type-list';
import { useUnsavedChanges } from '../unsaved-changes';
import { ColorField } from './ColorField';

export interface TypeFormDialogProps {
  texts: TypeTexts;
  /** The type being renamed; absent: adding. */
  type?: TaxonomyType;
  onCancel: () => void;
  /** Saves; a rejection shows the server's message (else 'Failed to save … type.') in the dialog. */
  onSubmit: (name: string, color?: string) => Promise<void>;
  /** Node types: the colour offered to a new type (the next palette colour); absent = no colour field (relation types). */
  suggestedColor?: string;
}

/**
 * Add / Edit dialog (spec §2, §5): the name (Save stays disabled while it is blank, and Enter in
 * the field saves once it is not) and, for node types, the colour. No maxLength on the name: a
 * pasted name over the limit stays whole, the counter turns red and Save says why. Mounted per opening.
 */
export function TypeFormDialog({ texts: T, type, onCancel, onSubmit, suggestedColor }: TypeFormDialogProps) {
  const [name, setName] = useState(type?.name ?? '');
  const [color, setColor] = useState(type?.color ?? suggestedColor ?? null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const valid = canSaveName(name);
  useUnsavedChanges(name !== (type?.name ?? '') || color !== (type?.color ?? suggestedColor ?? null));

  const submit = async () => {
    if (saving || !valid) return;
    if (name.trim().length > LIMITS.nameMaxLength) {
      setNameError(T.nameTooLong);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSubmit(name, suggestedColor !== undefined && color ? color : undefined);
    } catch (err) {
      setError(failureText(err, T.saveFailed));
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      title={type ? T.editTitle : T.createTitle}
      onClose={onCancel}
      busy={saving}
      className="kg-type-form"
      onSubmit={() => void submit()}
      actions={
        <>
          <Button variant="text" onClick={onCancel} disabled={saving}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={!valid || saving} loading={saving}>
            {saving ? T.saving : T.save}
          </Button>
        </>
      }
    >
      <TextField
        label={T.field}
        name="name"
        required
        autoComplete="off"
        maxChars={LIMITS.nameMaxLength}
        value={name}
        disabled={saving}
        error={nameError}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setNameError(null);
          setError(null);
        }}
      />
      {suggestedColor !== undefined && color && <ColorField texts={T} value={color} onChange={setColor} disabled={saving} />}
      {error && <Alert severity="error">{error}</Alert>}
    </Dialog>
  );
}
