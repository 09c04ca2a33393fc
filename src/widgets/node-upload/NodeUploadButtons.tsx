import { lazy, Suspense, useState } from 'react';
import { apiClient } from '../../api/client';
import { importsApi } from '../../api/imports';
import { NODE_UPLOAD_TEXTS as T } from '../../contract/node-upload-texts';
import { LIMITS } from '../../contract/limits';
import { Button } from '../../ui/Button';
import { DownloadIcon, UploadIcon } from '../../ui/icons';
import { Toast } from '../../ui/Toast';
import { Tooltip } from '../../ui/Tooltip';
import { saveBlob } from '../download';
import { useToast } from '../use-toast';
import { useEver } from '../use-ever';

// The Bulk Upload dialog, its machine and the upload code load when Upload is first clicked (bench/bundle).
const NodeUploadDialog = lazy(() => import('./NodeUploadDialog').then((m) => ({ default: m.NodeUploadDialog })));

export interface NodeUploadButtonsProps {
  apiBase?: string;
  /** An upload created nodes: the node list reloads (spec §2). */
  onUploaded?: () => void;
}

/**
 * The node list's Template and Upload buttons (spec §2 Knowledge Nodes list) with the Bulk
 * Upload Nodes dialog and their toasts. The node list mounts this in its header.
 */
export function NodeUploadButtons({ apiBase = '', onUploaded }: NodeUploadButtonsProps) {
  const [open, setOpen] = useState(false);
  const [fetching, setFetching] = useState(false);
  const { toast, show, close } = useToast();
  const dialogNeeded = useEver(open);

  const template = async () => {
    setFetching(true);
    try {
      saveBlob(await importsApi(apiClient({ base: apiBase })).nodeTemplate(), `nodes_template_${Date.now()}.xlsx`);
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
