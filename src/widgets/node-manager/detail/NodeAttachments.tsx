import { useState } from 'react';
import type { AttachmentsApi } from '../../../api/knowledge/nodes';
import type { Attachment } from '../../../contract/knowledge/nodes';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { DownloadIcon } from '../../../ui/icons';
import { formatDate } from '../../format';
import { PaperclipIcon } from '../icons';
import { formatKb } from '../../../ui/form/FilePicker';
import { NODE_TEXTS as T } from '../../../contract/texts/nodes';

/**
 * Opens a signed download link through a temporary <a download> (spec §7: "opened through a
 * temporary link using the file name"). The link goes on document.body so the click also works
 * from inside a shadow root.
 */
function openDownload(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

export interface NodeAttachmentsProps {
  nodeId: string;
  attachments: readonly Attachment[];
  calls: AttachmentsApi;
  onFailed: () => void;
}

/** The node's files: name, size in KB to two decimals, upload date and a Download button (spec §2). */
export function NodeAttachments({ nodeId, attachments, calls, onFailed }: NodeAttachmentsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (a: Attachment) => {
    setBusy(a.id);
    try {
      const link = await calls.downloadLink(nodeId, a.id);
      openDownload(link.url, link.filename || a.filename);
    } catch {
      onFailed();
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card title={`${T.attachments} (${attachments.length})`} headingLevel={3} className="kg-node-detail__card">
      {attachments.length === 0 ? (
        <p className="kg-node-detail__none">{T.noAttachments}</p>
      ) : (
        <ul className="kg-node-detail__files" aria-label={T.attachments}>
          {attachments.map((a) => (
            <li key={a.id} className="kg-node-detail__file">
              <span className="kg-node-detail__file-icon" aria-hidden="true">
                <PaperclipIcon />
              </span>
              <span className="kg-node-detail__file-text">
                <span className="kg-node-detail__file-name">{a.filename}</span>
                <span className="kg-node-detail__file-meta">
                  <span>{formatKb(a.size)}</span>
                  <span aria-hidden="true">·</span>
                  <span>{formatDate(a.uploadedAt, T.noValue)}</span>
                </span>
              </span>
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                loading={busy === a.id}
                disabled={busy === a.id}
                aria-label={`${T.download} ${a.filename}`}
                onClick={() => void download(a)}
              >
                {T.download}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
