import type { Comment, CommentList, CommentRecordType } from '../../contract/knowledge/comments';
import type { ApiClient } from '../client';

const COLLECTION: Record<CommentRecordType, string> = { node: 'nodes', relation: 'relations', proposal: 'proposals' };
const threadPath = (type: CommentRecordType, id: string) => `/${COLLECTION[type]}/${encodeURIComponent(id)}/comments`;
const commentPath = (id: string) => `/comments/${encodeURIComponent(id)}`;

/** Discussions: a node's, relation's or proposal's comment thread (contract/knowledge/comments.ts). */
export const commentsApi = (api: ApiClient) => ({
  list: (type: CommentRecordType, id: string, signal?: AbortSignal) => api.request<CommentList>(threadPath(type, id), { signal }),
  post: (type: CommentRecordType, id: string, body: string) => api.request<Comment>(threadPath(type, id), { method: 'POST', body: { body } }),
  update: (commentId: string, body: string) => api.request<Comment>(commentPath(commentId), { method: 'PUT', body: { body } }),
  remove: (commentId: string) => api.request<void>(commentPath(commentId), { method: 'DELETE' }),
});
export type CommentsApi = ReturnType<typeof commentsApi>;
