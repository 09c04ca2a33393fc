import { LIMITS, MESSAGES } from '../../../contract';

/**
 * The client checks of the registration form (spec §5), in order: passwords match, then
 * minimum length. Only when both pass is the register call made.
 */
export function registrationError(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return MESSAGES.auth.passwordsDoNotMatch;
  if (password.length < LIMITS.passwordMinLength) return MESSAGES.auth.passwordTooShort;
  return null;
}
