import type { z } from 'zod';
import type {
  Proposal,
  ProposalCountSchema,
  ProposalListQuerySchema,
  ProposalPageSchema,
  ProposedChange,
  ProposalState,
  ProposerList,
  ReviewSettings,
} from '../../contract/knowledge/review';
import type { Attachment } from '../../contract/knowledge/nodes';
import type { ApiClient } from '../client';

export type ProposalPage = z.infer<typeof ProposalPageSchema>;
export type ProposalCount = z.infer<typeof ProposalCountSchema>;
/** The list's filters as the client passes them (all optional; the server applies its defaults). */
export type ProposalQuery = Partial<z.input<typeof ProposalListQuerySchema>>;

const proposalPath = (id: string, step = '') => `/proposals/${encodeURIComponent(id)}${step}`;

const queryString = (query: ProposalQuery): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Review mode: its settings and the proposals of the queue and "My proposals" (contract/knowledge/review.ts). */
export const reviewApi = (api: ApiClient) => ({
  settings: (signal?: AbortSignal) => api.request<ReviewSettings>('/review/settings', { signal }),
  saveSettings: (settings: ReviewSettings) => api.request<ReviewSettings>('/review/settings', { method: 'PUT', body: settings }),
  list: (query: ProposalQuery = {}, signal?: AbortSignal) => api.request<ProposalPage>(`/proposals${queryString(query)}`, { signal }),
  /** Everyone with proposals in `state` (every state without): the queue's proposer filter; reviewers only. */
  proposers: (state?: ProposalState, signal?: AbortSignal) => api.request<ProposerList>(`/proposals/proposers${queryString({ state })}`, { signal }),
  count: (signal?: AbortSignal) => api.request<ProposalCount>('/proposals/count', { signal }),
  get: (id: string, signal?: AbortSignal) => api.request<Proposal>(proposalPath(id), { signal }),
  create: (changes: ProposedChange[], state: 'draft' | 'submitted' = 'submitted') =>
    api.request<Proposal>('/proposals', { method: 'POST', body: { changes, state } }),
  update: (id: string, changes: ProposedChange[]) => api.request<Proposal>(proposalPath(id), { method: 'PUT', body: { changes } }),
  submit: (id: string) => api.request<Proposal>(proposalPath(id, '/submit'), { method: 'POST' }),
  withdraw: (id: string) => api.request<Proposal>(proposalPath(id, '/withdraw'), { method: 'POST' }),
  /** Approve as proposed, or with the reviewer's edited changes. */
  approve: (id: string, changes?: ProposedChange[]) =>
    api.request<Proposal>(proposalPath(id, '/approve'), { method: 'POST', body: changes ? { changes } : {} }),
  reject: (id: string, reason: string) => api.request<Proposal>(proposalPath(id, '/reject'), { method: 'POST', body: { reason } }),
  /** Keeps a file with one's open proposal that creates a node: an approval adds it to the new node. */
  keepFile: (id: string, file: File, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.request<Attachment>(proposalPath(id, '/attachments'), { method: 'POST', body: form, signal });
  },
});
export type ReviewApi = ReturnType<typeof reviewApi>;
