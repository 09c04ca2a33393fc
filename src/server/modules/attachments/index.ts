/**
 * Attachments: files on nodes, their blob stores and the checks a file passes. Nodes list a node's
 * attachments, backup writes and restores the blobs, uploads elsewhere share the file checks, and
 * review keeps a proposed node's files and adds them on approval (readAttachmentUpload, addAttachmentIn).
 */
export { checkAttachment, extensionOf, safeFilename } from './content-check';
export { listAttachments } from './repository';
export { databaseBlobStore, diskBlobStore, removeBlobs, type BlobStore } from './store';
export { attachmentRoutes } from './routes';
export { sendSignedFile, SignedLinkQuery } from './signed-content';
export { signedDownloadPath, verifyDownload } from './signed-url';
export { readAttachmentUpload } from './upload';
export { addAttachmentIn, type StoredFile } from './writes';
