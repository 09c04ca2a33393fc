/**
 * Saves a downloaded file under a name through a temporary link (spec §7: files are "opened
 * through a temporary link using the file name"). The link goes on document.body for the click,
 * which also works when the caller lives in a shadow root.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
