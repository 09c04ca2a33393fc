import type { Role } from '../contract/roles';
import type { ApiClient } from './client';

/** Role calls (spec §7): the list is a plain array; PUT takes the form fields or only isActive. */
export interface RolePayload {
  name: string;
  description: string;
  permissions: string[];
  isActive: boolean;
}

export const rolesApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.request<Role[]>('/roles', { signal }),
  create: (body: RolePayload) => api.request<Role>('/roles', { method: 'POST', body }),
  update: (id: string, body: Partial<RolePayload>) => api.request<Role>(`/roles/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  setActive: (id: string, isActive: boolean) => api.request<Role>(`/roles/${encodeURIComponent(id)}`, { method: 'PUT', body: { isActive } }),
  remove: (id: string) => api.request<null>(`/roles/${encodeURIComponent(id)}`, { method: 'DELETE' }),
});
export type RolesApi = ReturnType<typeof rolesApi>;
