import type { UploadKind } from '../../../contract/knowledge/imports';
import { NODE_UPLOAD_TEXTS, type UploadTexts } from '../../../contract/texts/imports';
import { RELATION_UPLOAD_TEXTS } from '../../../contract/texts/imports';

export type { UploadKind };

/**
 * The upload dialog and buttons serve the node upload (spec §2) and the relation import
 *: the same machine, components and socket events, with each kind's texts and calls.
 */
export const UPLOAD_TEXTS: Record<UploadKind, UploadTexts> = { nodes: NODE_UPLOAD_TEXTS, relations: RELATION_UPLOAD_TEXTS };
