import type { KnowledgeNode } from '../../../contract/nodes';
import type { User } from '../../../contract/users';

/**
 * The shared create/edit node form (spec §2 "Create and edit node pages"): loads the node in edit
 * mode, the node-type and SNOMED pickers, attachments, submit with partial-failure handling.
 * Used by the host's /nodes/new and /nodes/{id}/edit pages, by kg-node-manager's create/edit
 * views and, in a dialog, by the relation form's '+ Create New Node'.
 *
 * INTERFACE STUB: the real form replaces this body (branch wip/nodeform); the props are the contract.
 */
export interface NodeEditorProps {
  /** Server origin ('' = this page's origin). */
  apiBase: string;
  user: User;
  /** Edit this node; absent = create a new one. */
  nodeId?: string;
  /** Create mode: prefill the name (e.g. what was typed in a picker). */
  initialName?: string;
  /**
   * After a successful save and the attachment uploads (after the 3 s notice when some attachments
   * failed). The caller navigates: /nodes after create, the node view after edit, or back to a relation form.
   */
  onSaved: (node: KnowledgeNode, mode: 'create' | 'edit') => void;
  onCancel: () => void;
  /** Inside a dialog: no page heading, the dialog gives the title. */
  embedded?: boolean;
}

export function NodeEditor({ nodeId }: NodeEditorProps) {
  return <p>{nodeId ? 'Edit Knowledge Node' : 'Create Knowledge Node'}</p>;
}
