import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '../../../contract';
import { AppError, badRequest } from '../../plugins/errors';
import { checkAttachment, extensionOf, safeFilename } from './content-check';

/** A file that passed the attachment checks: its cleaned name, bytes, stored content type and the form's fields sent before it. */
export interface CheckedUpload {
  filename: string;
  data: Buffer;
  contentType: string;
  fields: Record<string, { value?: unknown } | undefined>;
}

const ALLOWED = `Allowed file types: ${LIMITS.attachmentExtensions.join(', ')}`;

/** The size limit as the refusal words it. */
function limitText(max: number): string {
  return max >= 1024 * 1024 ? `${Math.round(max / (1024 * 1024))} MB` : `${Math.round(max / 1024)} KB`;
}

/**
 * Reads one file from a multipart request (field "file") and checks it as every attachment is
 * checked: 400 without it, 415 for a type outside the list or contents that do not match the
 * extension, 413 above the size limit. Shared by node attachments and files staged on a proposal.
 */
export async function readAttachmentUpload(app: FastifyInstance, req: FastifyRequest): Promise<CheckedUpload> {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data in the field "file"', 'not_multipart');
  const max = app.config.attachmentMaxBytes;
  const part = await req.file({ limits: { fileSize: max, files: 1 } });
  if (!part || part.fieldname !== 'file') throw badRequest('Send the file in the field "file"', 'no_file');
  const filename = safeFilename(part.filename);
  if (!(LIMITS.attachmentExtensions as readonly string[]).includes(extensionOf(filename))) {
    throw new AppError(415, 'unsupported_file_type', `Files of type .${extensionOf(filename) || '?'} are not allowed. ${ALLOWED}`);
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large', `The file is larger than the ${limitText(max)} limit`);
    throw err;
  }
  const checked = checkAttachment(filename, data);
  if (!checked) throw new AppError(415, 'content_mismatch', `The contents of ${filename} do not match a .${extensionOf(filename)} file`);
  return { filename, data, contentType: checked.contentType, fields: part.fields as CheckedUpload['fields'] };
}
