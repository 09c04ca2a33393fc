import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient, type RequestOptions } from '../client';
import { SessionStore } from '../session-store';
import { userCallError, usersApi } from './users';

/** A client whose requests answer from `reply`; the session has a token unless `signedOut`. */
function fakeClient(reply: (path: string, o: RequestOptions) => Promise<unknown>, signedOut = false): { api: ApiClient; calls: Array<[string, RequestOptions]> } {
  const session = new SessionStore();
  if (!signedOut) session.setTokens('access', 'refresh');
  const calls: Array<[string, RequestOptions]> = [];
  const api: ApiClient = {
    base: '',
    session,
    request: <T>(path: string, o: RequestOptions = {}) => {
      calls.push([path, o]);
      return reply(path, o) as Promise<T>;
    },
  };
  return { api, calls };
}

describe('user calls (spec §8 Transport)', () => {
  it('refuse to create, update or delete without a stored token, before any request', async () => {
    const { api, calls } = fakeClient(async () => null, true);
    await expect(usersApi(api).remove('u1')).rejects.toThrow('No authentication token found. Please log in again.');
    await expect(usersApi(api).update('u1', { isActive: false })).rejects.toThrow('No authentication token found. Please log in again.');
    expect(calls).toEqual([]);
  });

  it('turn a permission 403 into the action’s text; keep rule refusals and server messages', () => {
    const forbidden = new ApiError(403, 'forbidden', 'You do not have permission to perform this action.');
    expect(userCallError(forbidden, 'create').message).toBe('You do not have permission to create users. Only administrators can perform this action.');
    expect(userCallError(forbidden, 'update').message).toBe('You do not have permission to update users. Only administrators can perform this action.');
    expect(userCallError(forbidden, 'delete').message).toBe('You do not have permission to delete users. Only administrators can perform this action.');
    expect(userCallError(new ApiError(403, 'admin_user', 'Cannot delete admin user'), 'delete').message).toBe('Cannot delete admin user');
    expect(userCallError(new ApiError(409, 'username_taken', 'This username is already taken'), 'create').message).toBe('This username is already taken');
  });

  it('fall back to "Failed to … user" without a server message', () => {
    expect(userCallError(new ApiError(0, 'network_error', 'Cannot reach the server.'), 'create').message).toBe('Failed to create user');
    expect(userCallError(new ApiError(502, 'http_error', ''), 'update').message).toBe('Failed to update user');
    expect(userCallError(new Error('boom'), 'delete').message).toBe('Failed to delete user');
  });

  it('send the form fields and leave out the ones not given', async () => {
    const { api, calls } = fakeClient(async () => ({ id: 'u9' }));
    await usersApi(api).create({ username: 'kim', email: 'kim@x.org', password: 'secret1', roleId: 'r1', role: 'editor', isActive: true, mobileNo: undefined });
    await usersApi(api).update('a b', { isActive: false });
    await usersApi(api).list();
    expect(calls[0]).toEqual(['/users', { method: 'POST', body: { username: 'kim', email: 'kim@x.org', password: 'secret1', roleId: 'r1', role: 'editor', isActive: true } }]);
    expect(calls[1]).toEqual(['/users/a%20b', { method: 'PUT', body: { isActive: false } }]);
    expect(calls[2][1].query).toEqual({ limit: 1000, skip: 0 });
  });
});
