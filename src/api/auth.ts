import type { AuthResponse, ProfileUpdateRequest, RegisterRequest, User } from '../contract';
import { ifMatch, type ApiClient } from './client';

export const authApi = (api: ApiClient) => ({
  login: (login: string, password: string) =>
    api.request<AuthResponse>('/auth/login', { method: 'POST', body: { login, password }, anonymous: true }),
  register: (body: RegisterRequest) => api.request<AuthResponse>('/auth/register', { method: 'POST', body, anonymous: true }),
  me: () => api.request<{ user: User }>('/auth/me'),
  logout: (refreshToken: string | null) =>
    api.request<null>('/auth/logout', { method: 'POST', body: refreshToken ? { refreshToken } : {}, anonymous: true }),
  /** Ends every session of the signed-in user, this one included (the caller then signs out here). */
  logoutAll: () => api.request<null>('/auth/logout-all', { method: 'POST' }),
  verifyPassword: (email: string, password: string) =>
    api.request<{ valid: true }>('/auth/verify-password', { method: 'POST', body: { email, password } }),
  checkUsername: (username: string) =>
    api.request<{ available: boolean }>('/auth/check-username', { method: 'POST', body: { username } }),
  /** `version`: the profile as the form loaded it (412 when it changed since); the language switch sends none. */
  updateProfile: (body: ProfileUpdateRequest, version?: number) => api.request<User>('/auth/profile', { method: 'PUT', body, ...ifMatch(version) }),
});
export type AuthApi = ReturnType<typeof authApi>;
