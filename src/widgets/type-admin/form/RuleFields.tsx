import { RELATION_RULE_MESSAGES as R } from '../../../contract/texts/relations';
import { LIMITS } from '../../../contract/limits';
import { Checkbox } from '../../../ui/form/Checkbox';
import { TextField } from '../../../ui/form/TextField';

/** A relation type's rule as the dialog edits it; node types by name. */
export interface RuleDraft {
  sourceNodeTypes: string[];
  targetNodeTypes: string[];
  symmetric: boolean;
  /** The field's text: '' = none (new relations start at 50). */
  defaultWeight: string;
}

export const ruleDraftOf = (t?: { sourceNodeTypes?: string[]; targetNodeTypes?: string[]; symmetric?: boolean; defaultWeight?: number | null }): RuleDraft => ({
  sourceNodeTypes: t?.sourceNodeTypes ?? [],
  targetNodeTypes: t?.targetNodeTypes ?? [],
  symmetric: t?.symmetric ?? false,
  defaultWeight: t?.defaultWeight == null ? '' : String(t.defaultWeight),
});

/** null when the default weight is not a whole number from 1 to 100 (or blank). */
export function ruleOf(draft: RuleDraft): { sourceNodeTypes: string[]; targetNodeTypes: string[]; symmetric: boolean; defaultWeight: number | null } | null {
  const text = draft.defaultWeight.trim();
  const weight = text === '' ? null : Number(text);
  const { min, max } = LIMITS.relationWeight;
  if (weight !== null && (!Number.isInteger(weight) || weight < min || weight > max)) return null;
  return { sourceNodeTypes: draft.sourceNodeTypes, targetNodeTypes: draft.targetNodeTypes, symmetric: draft.symmetric, defaultWeight: weight };
}

interface RuleFieldsProps {
  nodeTypes: readonly string[];
  value: RuleDraft;
  onChange: (draft: RuleDraft) => void;
  disabled?: boolean;
}

/** One group of node type checkboxes: none ticked = any node type. */
function NodeTypeGroup({ legend, nodeTypes, chosen, onChange, disabled }: { legend: string; nodeTypes: readonly string[]; chosen: string[]; onChange: (names: string[]) => void; disabled?: boolean }) {
  const on = new Set(chosen.map((n) => n.toLowerCase()));
  return (
    <fieldset className="kg-type-rule__group">
      <legend className="kg-field__label">{legend}</legend>
      <p className="kg-type-rule__hint">{chosen.length === 0 ? R.anyType : chosen.join(', ')}</p>
      <div className="kg-type-rule__options">
        {nodeTypes.map((name) => (
          <Checkbox
            key={name}
            label={name}
            checked={on.has(name.toLowerCase())}
            disabled={disabled}
            onChange={(checked) => onChange(checked ? [...chosen, name] : chosen.filter((n) => n.toLowerCase() !== name.toLowerCase()))}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The relation type dialog's rule: allowed source and target node types, symmetric, default weight. */
export function RuleFields({ nodeTypes, value, onChange, disabled }: RuleFieldsProps) {
  const weightInvalid = ruleOf(value) === null;
  return (
    <div className="kg-type-rule">
      <NodeTypeGroup legend={R.sourceTypes} nodeTypes={nodeTypes} chosen={value.sourceNodeTypes} disabled={disabled} onChange={(sourceNodeTypes) => onChange({ ...value, sourceNodeTypes })} />
      <NodeTypeGroup legend={R.targetTypes} nodeTypes={nodeTypes} chosen={value.targetNodeTypes} disabled={disabled} onChange={(targetNodeTypes) => onChange({ ...value, targetNodeTypes })} />
      <Checkbox label={R.symmetric} checked={value.symmetric} disabled={disabled} onChange={(symmetric) => onChange({ ...value, symmetric })} />
      <TextField
        label={R.defaultWeight}
        name="defaultWeight"
        type="number"
        inputMode="numeric"
        min={LIMITS.relationWeight.min}
        max={LIMITS.relationWeight.max}
        placeholder={String(LIMITS.relationWeight.default)}
        value={value.defaultWeight}
        disabled={disabled}
        error={weightInvalid ? R.defaultWeightRange : undefined}
        onChange={(e) => onChange({ ...value, defaultWeight: e.currentTarget.value })}
      />
    </div>
  );
}
