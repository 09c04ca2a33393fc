import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { TaxonomyType } from '../../../contract/knowledge/taxonomy';
import { LIMITS } from '../../../contract/limits';
import { formDialogMachine, isDirty } from '../../../machines/form-dialog.machine';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/overlay/Dialog';
import { TextField } from '../../../ui/form/TextField';
import type { TypeTexts } from '../../../contract/texts/admin/types';
import { canSaveName } from '../type-list';
import { useUnsavedChanges } from '../../unsaved-changes';
import { ColorField } from './ColorField';
import { RuleFields, ruleDraftOf, ruleOf, type RuleDraft } from './RuleFields';
import type { RelationRuleInput } from '../../../api/knowledge/types';
import { useLatest } from '../../../ui/use-latest';
import { FormCoCuration } from '../../parts/presence';

/** The form-dialog machine for a type's name, colour and (relation types) rule. */
const typeFormMachine = formDialogMachine<{ name: string; color: string | null; rule: RuleDraft }>();

export interface TypeFormDialogProps {
  texts: TypeTexts;
  /** The type being renamed; absent: adding. */
  type?: TaxonomyType;
  onCancel: () => void;
  /** Saves; a rejection shows the server's message (else 'Failed to save … type.') in the dialog. */
  onSubmit: (name: string, color?: string, rule?: RelationRuleInput) => Promise<void>;
  /** Relation types: the node type names the rule chooses from; absent = no rule fields (node types). */
  ruleNodeTypes?: readonly string[];
  /** Node types: the colour offered to a new type (the next palette colour); absent = no colour field (relation types). */
  suggestedColor?: string;
  /** The server and the record's kind: who else is on the type, and the draft kept in the browser. */
  coCuration?: { apiBase: string; kind: 'node_type' | 'relation_type' };
}

/**
 * Add / Edit dialog (spec §2, §5): the name (Save stays disabled while it is blank, and Enter in
 * the field saves once it is not) and, for node types, the colour. No maxLength on the name: a
 * pasted name over the limit stays whole, the counter turns red and Save says why. Mounted per opening.
 */
export function TypeFormDialog({ texts: T, type, onCancel, onSubmit, suggestedColor, ruleNodeTypes, coCuration }: TypeFormDialogProps) {
  const withColor = suggestedColor !== undefined;
  const form = useActorRef(typeFormMachine, {
    input: {
      initial: { name: type?.name ?? '', color: type?.color ?? suggestedColor ?? null, rule: ruleDraftOf(type) },
      submit: ({ name, color, rule }) => onSubmit(name, withColor && color ? color : undefined, ruleNodeTypes ? (ruleOf(rule) ?? undefined) : undefined),
      validate: ({ name }) => (name.trim().length > LIMITS.nameMaxLength ? { name: T.nameTooLong } : null),
      fallback: T.saveFailed,
    },
  });
  const { values, fieldErrors, error } = useSelector(form, (s) => s.context);
  // Saved: the owner closes the dialog; until then it stays busy as while saving.
  const saving = useSelector(form, (s) => s.matches('submitting') || s.matches('saved'));
  const { name, color, rule } = values;
  const ruleInput: RelationRuleInput | null | undefined = ruleNodeTypes ? ruleOf(rule) : undefined;
  const valid = canSaveName(name) && ruleInput !== null;
  useUnsavedChanges(useSelector(form, (s) => isDirty(s.context)));
  const close = useLatest(onCancel);
  useEffect(() => {
    const sub = form.on('form.cancelled', () => close.current());
    return () => sub.unsubscribe();
  }, [form, close]);
  const cancel = () => form.send({ type: 'form.cancel' });
  const submit = () => {
    if (valid) form.send({ type: 'form.submit' });
  };

  return (
    <Dialog
      open
      title={type ? T.editTitle : T.createTitle}
      onClose={cancel}
      busy={saving}
      className="kg-type-form"
      onSubmit={submit}
      actions={
        <>
          <Button variant="text" onClick={cancel} disabled={saving}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={!valid || saving} loading={saving}>
            {saving ? T.saving : T.save}
          </Button>
        </>
      }
    >
      {coCuration && <FormCoCuration apiBase={coCuration.apiBase} kind={coCuration.kind} id={type?.id} form={form} live={coCuration.kind} />}
      <TextField
        label={T.field}
        name="name"
        required
        autoComplete="off"
        maxChars={LIMITS.nameMaxLength}
        value={name}
        disabled={saving}
        error={fieldErrors.name ?? null}
        onChange={(e) => form.send({ type: 'form.change', values: { name: e.currentTarget.value } })}
      />
      {withColor && color && <ColorField texts={T} value={color} onChange={(c) => form.send({ type: 'form.change', values: { color: c } })} disabled={saving} />}
      {ruleNodeTypes && (
        <RuleFields nodeTypes={ruleNodeTypes} value={rule} disabled={saving} onChange={(next) => form.send({ type: 'form.change', values: { rule: next } })} />
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </Dialog>
  );
}
