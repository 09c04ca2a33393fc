import { MESSAGES } from '../../contract/texts/common';
import { USER_ADMIN_MESSAGES } from '../../contract/texts/admin/users';
import type { User } from '../../contract/admin/users';
import { ApiError, ifMatch, type ApiClient } from '../client';

/**
 * User administration calls (spec §7 "Users and roles", §8 Transport). Creating, updating or
 * deleting needs a stored access token; a 403 for lack of permission becomes the spec's
 * "You do not have permission to … users" text; other failures carry the server's message,
 * else "Failed to create|update|delete user".
 */
export interface UserFormPayload {
  username: string;
  email: string;
  password: string;
  roleId?: string;
  role?: string;
  isActive: boolean;
  mobileNo?: string;
}
/** PUT /users/:id; `password` only for an account restored without one. */
export type UserUpdatePayload = Partial<UserFormPayload>;

export interface SsoLink {
  userId: string;
  issuer: string;
  subject: string;
}

export interface UserPage {
  data: User[];
  pagination: { total: number; limit: number; skip: number };
}

type Action = 'create' | 'update' | 'delete';
const FORBIDDEN: Record<Action, string> = {
  create: USER_ADMIN_MESSAGES.createForbidden,
  update: USER_ADMIN_MESSAGES.updateForbidden,
  delete: USER_ADMIN_MESSAGES.deleteForbidden,
};
export const USER_CALL_FALLBACK: Record<Action, string> = {
  create: 'Failed to create user',
  update: 'Failed to update user',
  delete: 'Failed to delete user',
};

/** The error a user call shows: permission 403 text, the server's message, or the fallback. */
export function userCallError(err: unknown, action: Action): ApiError {
  if (err instanceof ApiError) {
    // Only a missing permission gets the generic 403 text; a rule (e.g. admins cannot be deleted) keeps its own.
    if (err.status === 403 && err.code === 'forbidden') return new ApiError(403, err.code, FORBIDDEN[action]);
    if (err.status > 0 && err.message) return err;
  }
  return new ApiError(err instanceof ApiError ? err.status : 0, err instanceof ApiError ? err.code : 'network_error', USER_CALL_FALLBACK[action]);
}

/** Drops blank optional fields so the server never sees an empty mobile number as a change to validate. */
const compact = <T extends object>(body: T): T => Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as T;

export const usersApi = (api: ApiClient) => {
  const guarded = async <T>(action: Action, call: () => Promise<T>): Promise<T> => {
    if (!api.session.accessToken) throw new ApiError(401, 'no_token', MESSAGES.auth.noToken);
    try {
      return await call();
    } catch (err) {
      throw userCallError(err, action);
    }
  };
  return {
    /** Every user (the server caps a page at 1000); filtering, sorting and paging happen in the browser. */
    list: (signal?: AbortSignal) => api.request<UserPage>('/users', { query: { limit: 1000, skip: 0 }, signal }),
    create: (body: UserFormPayload) => guarded('create', () => api.request<User>('/users', { method: 'POST', body: compact(body) })),
    update: (id: string, body: UserUpdatePayload, version?: number) =>
      guarded('update', () => api.request<User>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body: compact(body), ...ifMatch(version) })),
    remove: (id: string, version?: number) => guarded('delete', () => api.request<null>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE', ...ifMatch(version) })),
    /** Links the account to its subject at the identity provider (admins); failures keep the server's code. */
    linkSso: (id: string, subject: string) => api.request<SsoLink>(`/users/${encodeURIComponent(id)}/sso-identity`, { method: 'PUT', body: { subject } }),
    unlinkSso: (id: string) => api.request<SsoLink & { sessionsEnded: number }>(`/users/${encodeURIComponent(id)}/sso-identity`, { method: 'DELETE' }),
  };
};
export type UsersApi = ReturnType<typeof usersApi>;
