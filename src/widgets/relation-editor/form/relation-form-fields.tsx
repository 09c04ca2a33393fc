import type { ApiClient } from '../../../api/client';
import { LIMITS } from '../../../contract/limits';
import { RELATION_TEXTS as T } from '../../../contract/texts/relations';
import { allowedEndTypes, fittingTypes, noFittingNodesText, noFittingTypesText, ruleKey, type TypeRules } from '../../../contract/knowledge/relation-type-rules';
import { TextField } from '../../../ui/form/TextField';
import { EvidenceFields } from './evidence-fields';
import { CountedTextArea, StrengthSlider } from './form-fields';
import { NodePicker, RelationTypePicker } from './pickers';
import type { DraftField, RelationDraft } from './relation-form';

/**
 * The relation form's field groups (RelationFormBody lays them out in one grid): the relation's
 * ends and type, and its details. Each group gets the draft, the field errors and the setters;
 * `off` disables every field (saving, deleting, or a role that cannot save).
 */
export interface FieldGroupProps {
  draft: RelationDraft;
  errorOf: (field: DraftField) => string | undefined;
  set: (patch: Partial<RelationDraft>) => void;
  off: boolean;
}

export interface EndsFieldsProps extends FieldGroupProps {
  api: ApiClient;
  types: readonly string[];
  rules?: TypeRules;
  chooseType: (type: string) => void;
  onCreateNode: (typed: string) => void;
}

/** Source, target and relation type: each picker offers only what the chosen type's rule allows. */
export function RelationEndsFields({ api, types, rules, draft, errorOf, set, off, chooseType, onCreateNode }: EndsFieldsProps) {
  const rule = rules?.get(ruleKey(draft.relationType));
  const sourceTypes = allowedEndTypes(rule, 'source');
  const targetTypes = allowedEndTypes(rule, 'target');
  // With both ends chosen, only the relation types whose rule fits them; the current type stays
  // (a relation made before its rule is kept and stays editable, as the server allows).
  const ends = draft.source && draft.target ? { source: draft.source.nodeType, target: draft.target.nodeType } : null;
  const offeredTypes = ends && rules ? fittingTypes(types, rules, ends.source, ends.target, draft.relationType || undefined) : types;
  const noTypeFits = ends && offeredTypes.length === 0 ? noFittingTypesText(ends.source, ends.target) : undefined;
  return (
    <>
      <NodePicker
        api={api}
        label={T.sourceNode}
        value={draft.source}
        onChange={(node) => set(node && draft.target?.id === node.id ? { source: node, target: null } : { source: node })}
        error={errorOf('source')}
        disabled={off}
        nodeTypes={sourceTypes}
        noneFitsText={noFittingNodesText(draft.relationType, 'source', sourceTypes)}
      />
      <NodePicker
        api={api}
        label={T.targetNode}
        value={draft.target}
        onChange={(node) => set({ target: node })}
        excludeId={draft.source?.id}
        onCreateNode={onCreateNode}
        error={errorOf('target')}
        disabled={off}
        nodeTypes={targetTypes}
        noneFitsText={noFittingNodesText(draft.relationType, 'target', targetTypes)}
      />
      <RelationTypePicker types={offeredTypes} value={draft.relationType} onChange={chooseType} error={errorOf('relationType')} disabled={off} noneFitsText={noTypeFits} />
    </>
  );
}

export interface DetailFieldsProps extends FieldGroupProps {
  moveWeight: (weight: number) => void;
  /** The internal note, only for users who may read it. */
  withNote: boolean;
}

/** Name, strength, URL, description, (for users who may read it) the internal note, and the evidence. */
export function RelationDetailFields({ draft, errorOf, set, off, moveWeight, withNote }: DetailFieldsProps) {
  return (
    <>
      <TextField
        label={T.relationName}
        required
        value={draft.relationName}
        maxChars={LIMITS.nameMaxLength}
        onChange={(e) => set({ relationName: e.currentTarget.value })}
        error={errorOf('relationName')}
        disabled={off}
        autoComplete="off"
      />
      <div className="kg-relation-form__wide">
        <StrengthSlider value={draft.weight} onChange={moveWeight} error={errorOf('weight')} disabled={off} />
      </div>
      <TextField
        className="kg-relation-form__wide"
        label={T.url}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={draft.url}
        onChange={(e) => set({ url: e.currentTarget.value })}
        error={errorOf('url')}
        disabled={off}
      />
      <div className="kg-relation-form__wide">
        <CountedTextArea label={T.description} rows={4} max={LIMITS.relationDescriptionMax} value={draft.description} onChange={(v) => set({ description: v })} error={errorOf('description')} disabled={off} />
      </div>
      {withNote && (
        <div className="kg-relation-form__wide">
          <CountedTextArea label={T.note} rows={2} max={LIMITS.relationNoteMax} hint={T.noteHint} value={draft.note} onChange={(v) => set({ note: v })} error={errorOf('note')} disabled={off} />
        </div>
      )}
      <div className="kg-relation-form__wide">
        <EvidenceFields rows={draft.evidence ?? []} onChange={(evidence) => set({ evidence })} error={errorOf('evidence')} disabled={off} />
      </div>
    </>
  );
}
