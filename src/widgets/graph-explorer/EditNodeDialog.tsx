import { useState } from 'react';
import type { GraphNode } from '../../contract/graph';
import { GRAPH_MESSAGES } from '../../contract/graph-messages';
import type { NodeEditValues } from '../../machines/graph-explorer.machine';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LIMITS } from '../../contract/limits';
import { SelectField } from '../../ui/Select';
import { TextAreaField } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { GRAPH_VIEW_TEXTS as V } from './texts';

export interface EditNodeDialogProps {
  node: GraphNode;
  nodeTypes: readonly string[];
  saving: boolean;
  error: string | null;
  onSave: (values: NodeEditValues) => void;
  onCancel: () => void;
}

/**
 * The in-graph 'Edit Knowledge Node' form (double-click on a node): name, type (locked while
 * the node has relations, as on the edit page), SNOMED code and description.
 */
export function EditNodeDialog({ node, nodeTypes, saving, error, onSave, onCancel }: EditNodeDialogProps) {
  const [values, setValues] = useState<NodeEditValues>({ name: node.name, nodeType: node.nodeType, snomedCode: node.snomedCode ?? '', description: node.description ?? '' });
  const set = (field: keyof NodeEditValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const typeLocked = node.degree > 0;
  const types = nodeTypes.includes(node.nodeType) ? nodeTypes : [node.nodeType, ...nodeTypes];
  return (
    <Dialog
      open
      title={GRAPH_MESSAGES.editNodeTitle}
      onClose={onCancel}
      busy={saving}
      className="kg-graph-edit"
      onSubmit={() => !saving && onSave(values)}
      actions={
        <>
          <Button variant="text" onClick={onCancel} disabled={saving}>
            {V.cancel}
          </Button>
          <Button type="submit" disabled={saving} loading={saving}>
            {V.updateNode}
          </Button>
        </>
      }
    >
      {error && <Alert severity="error">{error}</Alert>}
      <TextField label={V.name} required value={values.name} maxChars={LIMITS.nameMaxLength} disabled={saving} onChange={(e) => set('name')(e.currentTarget.value)} />
      <SelectField
        label={V.nodeType}
        required
        value={values.nodeType}
        disabled={saving || typeLocked}
        helperText={typeLocked ? GRAPH_MESSAGES.typeLocked : undefined}
        options={types.map((t) => ({ value: t, label: t }))}
        onChange={set('nodeType')}
      />
      <TextField label={V.snomedCode} inputMode="numeric" value={values.snomedCode} disabled={saving} onChange={(e) => set('snomedCode')(e.currentTarget.value)} />
      <TextAreaField label={V.description} rows={4} value={values.description} maxChars={LIMITS.nodeTextMax} disabled={saving} onChange={(e) => set('description')(e.currentTarget.value)} />
    </Dialog>
  );
}
