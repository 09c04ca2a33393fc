import type { Role } from '../../contract/admin/roles';
import { ifMatch, type ApiClient } from '../client';

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
  update: (id: string, body: Partial<RolePayload>, version?: number) => api.request<Role>(`/roles/${encodeURIComponent(id)}`, { method: 'PUT', body, ...ifMatch(version) }),
  setActive: (id: string, isActive: boolean, version?: number) =>
    api.request<Role>(`/roles/${encodeURIComponent(id)}`, { method: 'PUT', body: { isActive }, ...ifMatch(version) }),
  remove: (id: string, version?: number) => api.request<null>(`/roles/${encodeURIComponent(id)}`, { method: 'DELETE', ...ifMatch(version) }),
});
export type RolesApi = ReturnType<typeof rolesApi>;
