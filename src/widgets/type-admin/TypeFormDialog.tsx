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

export interface TypeFormDialogProps {
  texts: TypeTexts;
  /** The type being renamed; absent: adding. */
  type?: TaxonomyType;
  onCancel: () => void;
  /** Saves; a rejection shows the server's message (else 'Failed to save … type.') in the dialog. */
  onSubmit: (name: string) => Promise<void>;
}

/**
 * Add / Edit dialog (spec §2, §5): one name field; Save stays disabled while the name is blank,
 * and Enter in the field saves once it is not. Mounted per opening.
 */
export function TypeFormDialog({ texts: T, type, onCancel, onSubmit }: TypeFormDialogProps) {
  const [name, setName] = useState(type?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const valid = canSaveName(name);

  const submit = async () => {
    if (saving || !valid) return;
    setSaving(true);
    setError(null);
    try {
      await onSubmit(name);
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
        maxLength={LIMITS.nameMaxLength}
        value={name}
        disabled={saving}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setError(null);
        }}
      />
      {error && <Alert severity="error">{error}</Alert>}
    </Dialog>
  );
}
