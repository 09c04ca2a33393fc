import { NODE_UPLOAD_TEXTS } from '../../contract/import-texts';
import { NodeUploadButtons } from '../../widgets/node-upload/NodeUploadButtons';
import { useCurrentUser } from '../session';
import { PlaceholderPage } from './PlaceholderPage';
import '../../ui/controls.css';
import '../../ui/files.css';
import '../../widgets/node-upload/node-upload.css';

/**
 * TEMPORARY /nodes page until the Knowledge Nodes list lands: the "coming soon" card plus an
 * 'Import nodes' panel with the list's Template and Upload buttons, so bulk upload is reachable.
 * When the list is built, mount <NodeUploadButtons onUploaded={reload} /> in its header and
 * delete this file (App.tsx routes /nodes here).
 */
export function NodesPage() {
  const user = useCurrentUser();
  return (
    <>
      <PlaceholderPage screen="Knowledge Nodes" />
      {user.permissions?.includes('nodes.create') && (
        <section className="kg-placeholder kg-nodes-import" aria-labelledby="kg-nodes-import-title">
          <h2 id="kg-nodes-import-title" className="kg-placeholder__title">
            Import nodes
          </h2>
          <p className="kg-placeholder__text">{NODE_UPLOAD_TEXTS.uploadTooltip}.</p>
          <NodeUploadButtons />
        </section>
      )}
    </>
  );
}
