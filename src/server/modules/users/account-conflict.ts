import { MESSAGES } from '../../../contract';
import { conflict, uniqueViolation } from '../../plugins/errors';

/**
 * Turns a unique-index violation on users into the 409 the user understands. Used wherever an
 * account is written by someone who may know it exists (an admin, the account's owner).
 */
export function accountConflict(err: unknown): never {
  const index = uniqueViolation(err);
  if (index?.includes('username')) throw conflict(MESSAGES.auth.usernameTaken, 'username_taken');
  if (index?.includes('email')) throw conflict(MESSAGES.auth.emailTaken, 'email_taken');
  throw err;
}
