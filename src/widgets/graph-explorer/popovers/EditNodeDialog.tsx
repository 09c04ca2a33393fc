import { lazy, Suspense, useState } from 'react';
import type { GraphNode } from '../../../contract/knowledge/graph';
import { GRAPH_MESSAGES } from '../../../contract/texts/graph';
import type { NodeEditValues } from '../../../machines/graph-explorer/graph-explorer.machine';
import { nodeEditValuesOf } from '../../../machines/graph-explorer/graph-explorer.model';
import type { EditConflictError } from '../../../api/client';
import type { FieldChoice } from '../../parts/conflict';

// The comparison loads when a save first meets someone else's change, not with the graph (its size budget: bench/bundle).
const ConflictDialog = lazy(() => import('../../parts/conflict').then((m) => ({ default: m.ConflictDialog })));
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/overlay/Dialog';
import { LIMITS } from '../../../contract/limits';
import { NODE_FORM_TEXTS } from '../../../contract/texts/nodes';
import { SelectField } from '../../../ui/form/Select';
import { TextAreaField } from '../../../ui/form/TextArea';
import { TextField } from '../../../ui/form/TextField';
import { GRAPH_VIEW_TEXTS as V } from '../../../contract/texts/graph';

export interface EditNodeDialogProps {
  node: GraphNode;
  nodeTypes: readonly string[];
  saving: boolean;
  error: string | null;
  /** The role may not edit nodes: said at once, and every field is read-only (as the node form). */
  readOnly: boolean;
  onSave: (values: NodeEditValues) => void;
  onCancel: () => void;
  /** The save met someone else's change (412): the comparison shows, the typed values stay. */
  conflict?: EditConflictError<Partial<GraphNode>> | null;
  /** Edit from the node as it now is (its version); `theirs`: its values replace the typed ones. */
  onAdopt?: (theirs: boolean) => void;
  onDismissConflict?: () => void;
}

const FIELDS = ['name', 'nodeType', 'snomedCode', 'description'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, () => string> = { name: () => V.name, nodeType: () => V.nodeType, snomedCode: () => V.snomedCode, description: () => V.description };

/**
 * The in-graph 'Edit Knowledge Node' form (double-click on a node): name, type (locked while
 * the node has relations, as on the edit page), SNOMED code and description.
 */
export function EditNodeDialog({ node, nodeTypes, saving, error, readOnly, onSave, onCancel, conflict, onAdopt, onDismissConflict }: EditNodeDialogProps) {
  const off = saving || readOnly;
  const [values, setValues] = useState<NodeEditValues>({ name: node.name, nodeType: node.nodeType, snomedCode: node.snomedCode ?? '', description: node.description ?? '' });
  const set = (field: keyof NodeEditValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const typeLocked = node.degree > 0;
  const types = nodeTypes.includes(node.nodeType) ? nodeTypes : [node.nodeType, ...nodeTypes];
  const theirs = conflict ? nodeEditValuesOf({ ...node, ...conflict.current }) : null;
  // Theirs (the node as it now is) or the typed value, field by field.
  const pick = (choices: Partial<Record<string, FieldChoice>>): NodeEditValues =>
    Object.fromEntries(FIELDS.map((f) => [f, choices[f] === 'theirs' && theirs ? theirs[f] : values[f]])) as unknown as NodeEditValues;
  return (
    <>
      <Dialog
        open
        title={GRAPH_MESSAGES.editNodeTitle}
        onClose={onCancel}
        busy={saving}
        className="kg-graph-edit"
        onSubmit={() => !off && onSave(values)}
        actions={
          <>
            <Button variant="text" onClick={onCancel} disabled={saving}>
              {V.cancel}
            </Button>
            <Button type="submit" disabled={off} loading={saving}>
              {V.updateNode}
            </Button>
          </>
        }
      >
        {readOnly && <Alert severity="info">{NODE_FORM_TEXTS.noUpdatePermission}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
        <TextField label={V.name} required value={values.name} maxChars={LIMITS.nameMaxLength} disabled={off} onChange={(e) => set('name')(e.currentTarget.value)} />
        <SelectField
          label={V.nodeType}
          required
          value={values.nodeType}
          disabled={off || typeLocked}
          helperText={typeLocked ? GRAPH_MESSAGES.typeLocked : undefined}
          options={types.map((t) => ({ value: t, label: t }))}
          onChange={set('nodeType')}
        />
        <TextField label={V.snomedCode} inputMode="numeric" value={values.snomedCode} disabled={off} onChange={(e) => set('snomedCode')(e.currentTarget.value)} />
        <TextAreaField label={V.description} rows={4} value={values.description} maxChars={LIMITS.nodeTextMax} disabled={off} onChange={(e) => set('description')(e.currentTarget.value)} />
      </Dialog>
      {conflict && (
        <Suspense fallback={null}>
          <ConflictDialog
            open
            changedBy={conflict?.changedBy ?? null}
            changedAt={conflict?.changedAt ?? null}
            fields={theirs ? FIELDS.map((key) => ({ key, label: LABELS[key](), theirs: theirs[key], yours: values[key] })) : []}
            onKeepMine={() => {
              onAdopt?.(false);
              onSave(values);
            }}
            onTakeTheirs={() => {
              if (theirs) setValues(theirs);
              onAdopt?.(true);
            }}
            onChoose={(choices) => {
              const merged = pick(choices);
              setValues(merged);
              onAdopt?.(false);
              onSave(merged);
            }}
            onCancel={() => onDismissConflict?.()}
            busy={saving}
          />
        </Suspense>
      )}
    </>
  );
}
