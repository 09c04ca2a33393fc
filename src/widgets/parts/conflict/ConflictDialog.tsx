import { useState } from 'react';
import { CONFLICT_TEXTS as T } from '../../../contract/texts/conflicts';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/overlay/Dialog';
import { formatTime } from '../../format';

/** One field of the comparison: its label and both sides as the form would show them. */
export interface ConflictField<K extends string = string> {
  key: K;
  label: string;
  theirs: string;
  yours: string;
}

export type FieldChoice = 'theirs' | 'yours';

export interface ConflictDialogProps<K extends string = string> {
  open: boolean;
  /** Who made the change the form had not seen, and when (from the 412). */
  changedBy: { username: string } | null;
  changedAt: string | null;
  fields: ConflictField<K>[];
  /** Save again over the new version, with what the user typed. */
  onKeepMine: () => void;
  /** Drop what the user typed for the record as it now is. */
  onTakeTheirs: () => void;
  /** Save the chosen side of each differing field. */
  onChoose: (choices: Record<K, FieldChoice>) => void;
  onCancel: () => void;
  busy?: boolean;
}

/** "Changed by {name} at {time} while you were editing", with the fallbacks a 412 may need. */
export function changedByText(changedBy: { username: string } | null, changedAt: string | null): string {
  // The catalogues read "at {time}" ("um", "a las", "à"): a time of day, which is what matters while
  // the form was open; a bare date there read wrongly.
  return T.changedBy(changedBy?.username ?? T.someone, formatTime(changedAt) || '—');
}

/**
 * The edit-conflict dialog (docs/architecture/versions.md): a save answered 412 because someone
 * else saved the record meanwhile. It keeps what the user typed and shows, field by field, theirs
 * against yours; the user keeps theirs own (saved over the new version), takes the other's, or
 * chooses per field. Used by every form of ours that saves a versioned record.
 */
export function ConflictDialog<K extends string>({ open, changedBy, changedAt, fields, onKeepMine, onTakeTheirs, onChoose, onCancel, busy }: ConflictDialogProps<K>) {
  const [perField, setPerField] = useState(false);
  const [choices, setChoices] = useState<Partial<Record<K, FieldChoice>>>({});
  const differing = fields.filter((f) => f.theirs !== f.yours);
  const close = () => {
    setPerField(false);
    setChoices({});
    onCancel();
  };
  const choiceOf = (key: K): FieldChoice => choices[key] ?? 'yours';
  const actions = perField ? (
    <>
      <Button variant="text" onClick={close} disabled={busy}>
        {T.cancel}
      </Button>
      <Button
        onClick={() => {
          const all = Object.fromEntries(fields.map((f) => [f.key, choiceOf(f.key)])) as Record<K, FieldChoice>;
          setPerField(false);
          setChoices({});
          onChoose(all);
        }}
        loading={busy}
        data-testid="conflict-apply"
      >
        {T.applyChoices}
      </Button>
    </>
  ) : (
    <>
      <Button variant="text" onClick={close} disabled={busy}>
        {T.cancel}
      </Button>
      <Button variant="outlined" onClick={() => setPerField(true)} disabled={busy || differing.length === 0} data-testid="conflict-choose">
        {T.choosePerField}
      </Button>
      <Button variant="outlined" onClick={onTakeTheirs} disabled={busy} data-testid="conflict-theirs">
        {T.takeTheirs}
      </Button>
      <Button onClick={onKeepMine} loading={busy} data-testid="conflict-mine">
        {T.keepMine}
      </Button>
    </>
  );
  return (
    <Dialog open={open} title={T.title} onClose={close} actions={actions} busy={busy} className="kg-conflict kg-dialog--wide">
      <p className="kg-conflict__who" role="status">
        {changedByText(changedBy, changedAt)}
      </p>
      <div className="kg-conflict__scroll">
        <table className="kg-conflict__table">
          <thead>
            <tr>
              <th scope="col">{T.field}</th>
              <th scope="col">{T.theirs}</th>
              <th scope="col">{T.yours}</th>
            </tr>
          </thead>
          <tbody>
            {differing.length === 0 && (
              <tr>
                <td colSpan={3}>{T.same}</td>
              </tr>
            )}
            {differing.map((f) => (
              <tr key={f.key} data-field={f.key}>
                <th scope="row">{f.label}</th>
                {(['theirs', 'yours'] as const).map((side) => (
                  <td key={side} data-side={side}>
                    {perField ? (
                      <label className="kg-conflict__pick">
                        <input
                          type="radio"
                          name={`kg-conflict-${f.key}`}
                          checked={choiceOf(f.key) === side}
                          onChange={() => setChoices((c) => ({ ...c, [f.key]: side }))}
                        />
                        <span>{f[side] || T.empty}</span>
                      </label>
                    ) : (
                      <span>{f[side] || T.empty}</span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Dialog>
  );
}
