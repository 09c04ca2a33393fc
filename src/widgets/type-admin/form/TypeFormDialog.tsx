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
import { FormConflict, type FormConflictField } from '../../parts/admin-conflict';
import { useEditConflict } from '../../parts/conflict';
import { RELATION_RULE_MESSAGES as R } from '../../../contract/texts/relations';

/** The form-dialog machine for a type's name, colour and (relation types) rule. */
type TypeFormValues = { name: string; color: string | null; rule: RuleDraft };
const typeFormMachine = formDialogMachine<TypeFormValues>();

export interface TypeFormDialogProps {
  texts: TypeTexts;
  /** The type being renamed; absent: adding. */
  type?: TaxonomyType;
  onCancel: () => void;
  /**
   * Saves; a rejection shows the server's message (else 'Failed to save … type.') in the dialog.
   * `version`: the type's version the form edits (If-Match); a 412 opens the comparison.
   */
  onSubmit: (name: string, color?: string, rule?: RelationRuleInput, version?: number) => Promise<void>;
  /** The type as it now is, once the form goes on from someone else's save (the list shows it too). */
  onCurrent?: (type: TaxonomyType) => void;
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
export function TypeFormDialog({ texts: T, type, onCancel, onSubmit, onCurrent, suggestedColor, ruleNodeTypes, coCuration }: TypeFormDialogProps) {
  const withColor = suggestedColor !== undefined;
  // Every save says which version it edits: a save over someone else's change opens the comparison.
  const versions = useEditConflict<TaxonomyType>(type?.version);
  const valuesOf = (t: TaxonomyType | undefined): TypeFormValues => ({ name: t?.name ?? '', color: t?.color ?? suggestedColor ?? null, rule: ruleDraftOf(t) });
  const form = useActorRef(typeFormMachine, {
    input: {
      initial: valuesOf(type),
      submit: ({ name, color, rule }) =>
        versions.guard((version) => onSubmit(name, withColor && color ? color : undefined, ruleNodeTypes ? (ruleOf(rule) ?? undefined) : undefined, version)),
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
      <FormConflict versions={versions} form={form} valuesOf={valuesOf} fields={conflictFields(T.field, withColor ? T.color : null, !!ruleNodeTypes)} onAdopted={onCurrent} />
    </Dialog>
  );
}

/** A relation type's rule as one line per part, for the comparison. */
function ruleText(rule: RuleDraft): string {
  const types = (list: string[]) => (list.length ? list.join(', ') : R.anyType);
  const parts = [`${R.sourceTypes}: ${types(rule.sourceNodeTypes)}`, `${R.targetTypes}: ${types(rule.targetNodeTypes)}`];
  if (rule.symmetric) parts.push(R.symmetric);
  if (rule.defaultWeight.trim()) parts.push(`${R.defaultWeight}: ${rule.defaultWeight.trim()}`);
  return parts.join('; ');
}

/** The type form's fields in the comparison: the name, the colour (node types), the rule (relation types). */
function conflictFields(nameLabel: string, colorLabel: string | null, withRule: boolean): FormConflictField<TypeFormValues>[] {
  const fields: FormConflictField<TypeFormValues>[] = [{ key: 'name', label: nameLabel }];
  if (colorLabel) fields.push({ key: 'color', label: colorLabel, show: (v) => v.color ?? '' });
  if (withRule) fields.push({ key: 'rule', label: R.rule, show: (v) => ruleText(v.rule) });
  return fields;
}

