/**
 * Attachments: files on nodes, their blob stores and the checks a file passes. Nodes list a node's
 * attachments, backup writes and restores the blobs, and uploads elsewhere share the file checks.
 */
export { checkAttachment, extensionOf, safeFilename } from './content-check';
export { listAttachments } from './repository';
export { databaseBlobStore, diskBlobStore, removeBlobs, type BlobStore } from './store';
export { attachmentRoutes } from './routes';
