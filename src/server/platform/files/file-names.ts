import { BIDI_CONTROLS } from '../../../contract/identity-text';

/**
 * A file name that is safe to show and to send back in Content-Disposition. Bidirectional controls
 * are dropped: "invoice<U+202E>fdp.txt" would show as "invoicetxt.pdf" (migration 0032 strips them
 * in the database too, for names written any other way).
 */
export function safeFilename(name: string): string {
  const base = name.replace(BIDI_CONTROLS, '').split(/[\\/]/).pop() ?? 'file';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>:|?*]/g, '_').trim().slice(0, 200);
  return cleaned || 'file';
}
