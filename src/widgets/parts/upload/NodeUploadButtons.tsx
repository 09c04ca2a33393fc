import { lazy, Suspense, useState } from 'react';
import { apiClient } from '../../../api/client';
import { uploadCalls } from '../../../api/imports';
import { LIMITS } from '../../../contract/limits';
import { Button } from '../../../ui/Button';
import { DownloadIcon, UploadIcon } from '../../../ui/icons';
import { Toast } from '../../../ui/feedback/Toast';
import { Tooltip } from '../../../ui/overlay/Tooltip';
import { saveBlob } from '../../download';
import { useToast } from '../../hooks/use-toast';
import { useEver } from '../../hooks/use-ever';
import { NODE_UPLOAD_TEXTS, type UploadButtonTexts } from '../../../contract/texts/imports';
import type { UploadKind } from '../../../contract/knowledge/imports';

// The Bulk Upload dialog, its machine and the upload code load when Upload is first clicked (bench/bundle).
const NodeUploadDialog = lazy(() => import('./NodeUploadDialog').then((m) => ({ default: m.NodeUploadDialog })));

export interface NodeUploadButtonsProps {
  apiBase?: string;
  /** An upload created nodes (or relations): the list reloads (spec §2). */
  onUploaded?: () => void;
  /** Nodes (the node list's buttons) or relations (the relation list's). */
  kind?: UploadKind;
  /** The buttons' texts (the dialog picks its own by `kind`): passed in, so the node list does not bundle the relation texts. */
  texts?: UploadButtonTexts;
}

/**
 * The node list's Template and Upload buttons (spec §2 Knowledge Nodes list) with the Bulk
 * Upload Nodes dialog and their toasts. The node list mounts this in its header; the relation
 * list mounts it with `kind` 'relations' (Download template, Import relations).
 */
export function NodeUploadButtons({ apiBase = '', onUploaded, kind = 'nodes', texts: T = NODE_UPLOAD_TEXTS }: NodeUploadButtonsProps) {
  const [open, setOpen] = useState(false);
  const [fetching, setFetching] = useState(false);
  const { toast, show, close } = useToast();
  const dialogNeeded = useEver(open);

  const template = async () => {
    setFetching(true);
    try {
      saveBlob(await uploadCalls(apiClient({ base: apiBase }), kind).template(), `${kind}_template_${Date.now()}.xlsx`);
      show(T.templateDownloaded);
    } catch {
      show(T.templateFailed, 'error');
    } finally {
      setFetching(false);
    }
  };

  return (
    <div className="kg-upload-buttons">
      <Tooltip content={T.templateTooltip}>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={fetching} loading={fetching} onClick={() => void template()}>
          {T.template}
        </Button>
      </Tooltip>
      <Tooltip content={T.uploadTooltip}>
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setOpen(true)}>
          {T.upload}
        </Button>
      </Tooltip>
      {dialogNeeded && (
        <Suspense fallback={null}>
          <NodeUploadDialog
            kind={kind}
            apiBase={apiBase}
            open={open}
            onNotify={show}
            onClose={(refresh) => {
              setOpen(false);
              if (refresh) {
                show(T.uploaded);
                onUploaded?.();
              }
            }}
          />
        </Suspense>
      )}
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}
