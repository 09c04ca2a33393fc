import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MESSAGES } from '../../../../contract';
import { AppError, badRequest } from '../../../plugins/errors';
import { safeFilename } from '../../files/file-names';
import { uploadDir } from './upload-dir';

export { removeStaleUploads } from './upload-dir';

/**
 * Receives an upload (multipart field "file") into a private temp file, streaming: the
 * size limit is enforced while the bytes arrive, and nothing but one chunk is held in
 * memory. The temp file lives only as long as its job (the job removes it).
 */
export interface Upload {
  path: string;
  filename: string;
  /** Lower-case, with the dot: ".xlsx". */
  extension: string;
  size: number;
  /** The text fields sent before the file (a form's other inputs), bounded in size by the multipart parser. */
  fields: Record<string, string>;
  remove(): Promise<void>;
}

export interface IntakeRules {
  maxBytes: number;
  extensions: readonly string[];
  wrongType: string;
  tooLarge: string;
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot).toLowerCase();
}

export async function receiveUpload(req: FastifyRequest, rules: IntakeRules): Promise<Upload> {
  if (!req.isMultipart()) throw badRequest(IMPORT_MESSAGES.noFile, 'no_file');
  const part = await req.file({ limits: { fileSize: rules.maxBytes, files: 1 } });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw badRequest(IMPORT_MESSAGES.noFile, 'no_file');
  }
  const filename = safeFilename(part.filename);
  const extension = extensionOf(filename);
  if (!rules.extensions.includes(extension)) {
    part.file.resume();
    throw new AppError(415, 'unsupported_file_type', rules.wrongType);
  }
  const file = path.join(await uploadDir(), `${randomUUID()}${extension}`);
  const remove = () => fs.promises.rm(file, { force: true });
  try {
    await pipeline(part.file, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    await remove();
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large', rules.tooLarge);
    throw err;
  }
  if (part.file.truncated) {
    await remove();
    throw new AppError(413, 'file_too_large', rules.tooLarge);
  }
  const { size } = await fs.promises.stat(file);
  if (size === 0) {
    await remove();
    throw badRequest(IMPORT_MESSAGES.empty, 'empty_file');
  }
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value?.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
  }
  return { path: file, filename, extension, size, fields, remove };
}
