import type { Stats } from '../../contract';
import type { ApiClient } from '../client';

export const statsApi = (api: ApiClient) => ({
  get: () => api.request<Stats>('/stats'),
});
