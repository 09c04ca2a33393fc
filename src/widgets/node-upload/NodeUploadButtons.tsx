import { useState } from 'react';
import { apiClient } from '../../api/client';
import { importsApi } from '../../api/imports';
import { NODE_UPLOAD_TEXTS as T } from '../../contract/import-texts';
import { LIMITS } from '../../contract/limits';
import { Button } from '../../ui/Button';
import { DownloadIcon, UploadIcon } from '../../ui/icons';
import { Toast } from '../../ui/Toast';
import { Tooltip } from '../../ui/Tooltip';
import { saveBlob } from '../download';
import { useToast } from '../use-toast';
import { NodeUploadDialog } from './NodeUploadDialog';

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
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}
