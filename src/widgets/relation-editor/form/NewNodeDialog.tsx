import type { KnowledgeNode } from '../../../contract/knowledge/nodes';
import { RELATION_TEXTS as T } from '../../../contract/texts/relations';
import type { User } from '../../../contract/admin/users';
import { Dialog } from '../../../ui/overlay/Dialog';
import { BlockSpinner } from '../../../ui/feedback/Spinner';
import { lazyPart } from '../../element/lazy-part';

// The node form loads when the dialog first opens (bench/bundle); the dialog shows at once with a spinner.
const { Part: NodeEditor } = lazyPart(() => import('../../parts/node-form'), (m) => m.NodeEditor, <BlockSpinner />);

export interface NewNodeDialogProps {
  open: boolean;
  apiBase: string;
  user: User;
  /** What was typed in the target picker. */
  initialName: string;
  onSaved: (node: KnowledgeNode) => void;
  onCancel: () => void;
}

/**
 * '+ Create New Node' from the target picker (spec §4 "Chained creation"): the node form in a
 * dialog over the relation form, so the relation draft stays as it is; the new node becomes the target.
 */
export function NewNodeDialog({ open, apiBase, user, initialName, onSaved, onCancel }: NewNodeDialogProps) {
  return (
    <Dialog open={open} title={T.createNodeTitle} onClose={onCancel} className="kg-relation-form__node-dialog">
      {open && <NodeEditor apiBase={apiBase} user={user} initialName={initialName} embedded onSaved={(node) => onSaved(node)} onCancel={onCancel} />}
    </Dialog>
  );
}
