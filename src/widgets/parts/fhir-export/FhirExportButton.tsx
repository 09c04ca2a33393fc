import { useMemo, useState } from 'react';
import { fhirExportApi, type FhirExportApi } from '../../../api/admin/terminology';
import { apiClient } from '../../../api/client';
import { HttpError } from '../../../api/http';
import { LIMITS } from '../../../contract/limits';
import { TERMINOLOGY_TEXTS as T } from '../../../contract/texts/admin/terminology';
import { Button, IconButton } from '../../../ui/Button';
import { Toast } from '../../../ui/feedback/Toast';
import { DownloadIcon } from '../../../ui/icons';
import { Tooltip } from '../../../ui/overlay/Tooltip';
import { saveBlob } from '../../download';
import { useToast } from '../../hooks/use-toast';

export interface FhirExportButtonProps {
  apiBase: string;
  /** The button's text (or, with `iconOnly`, its accessible name). */
  label: string;
  tooltip?: string;
  /** The file name the download is saved under. */
  filename: string;
  /** Which export: one of the FHIR export calls. */
  run: (calls: FhirExportApi) => Promise<Blob>;
  iconOnly?: boolean;
}

/** Downloads an export as a FHIR JSON file; a too-large export says so (the server caps them). */
export function FhirExportButton({ apiBase, label, tooltip, filename, run, iconOnly }: FhirExportButtonProps) {
  const calls = useMemo(() => fhirExportApi(apiClient({ base: apiBase })), [apiBase]);
  const [busy, setBusy] = useState(false);
  const { toast, show, close } = useToast();
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await run(calls), filename);
      show(T.exported);
    } catch (err) {
      show(err instanceof HttpError && err.status === 413 ? T.exportTooLarge : T.exportFailed, 'error');
    } finally {
      setBusy(false);
    }
  };
  const button = iconOnly ? (
    <IconButton label={label} disabled={busy} onClick={() => void download()}>
      <DownloadIcon />
    </IconButton>
  ) : (
    <Button variant="outlined" startIcon={<DownloadIcon />} disabled={busy} loading={busy} onClick={() => void download()}>
      {label}
    </Button>
  );
  return (
    <>
      {tooltip ? <Tooltip content={tooltip}>{button}</Tooltip> : button}
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </>
  );
}
