import { LIMITS, MESSAGES, emailField, mobileField, usernameField, type ProfileUpdateRequest, type User } from '../contract';

/**
 * The Account Settings form's values, validation (spec §5 Profile) and the "only changed
 * fields" request body. Pure, so the profile machine stays small and the rules are easy to test.
 */
export interface ProfileValues {
  username: string;
  email: string;
  mobileNo: string;
  newPassword: string;
  confirmPassword: string;
}
export type ProfileField = keyof ProfileValues;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export const PASSWORD_FIELDS: readonly ProfileField[] = ['newPassword', 'confirmPassword'];

export function valuesFrom(user: User): ProfileValues {
  return { username: user.username, email: user.email, mobileNo: user.mobileNo ?? '', newPassword: '', confirmPassword: '' };
}

/** The contract's field schemas give the same words the server would answer with. */
function firstIssue(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  const username = firstIssue(usernameField.safeParse(values.username));
  if (username) errors.username = username;
  const email = firstIssue(emailField.safeParse(values.email));
  if (email) errors.email = email;
  const mobile = firstIssue(mobileField.safeParse(values.mobileNo));
  if (mobile) errors.mobileNo = mobile;
  // The new password fields can only be filled after verification; empty means "keep it".
  if (values.newPassword || values.confirmPassword) {
    if (values.newPassword.length < LIMITS.passwordMinLength) errors.newPassword = MESSAGES.profile.passwordTooShort;
    if (values.confirmPassword !== values.newPassword) errors.confirmPassword = MESSAGES.profile.passwordsDoNotMatch;
  }
  return errors;
}

export const hasErrors = (errors: ProfileErrors) => Object.keys(errors).length > 0;

/** Only the fields that differ from the user; a new password travels with the verified current one. */
export function changedFields(user: User, values: ProfileValues, currentPassword: string | null): ProfileUpdateRequest {
  const body: ProfileUpdateRequest = {};
  const username = values.username.trim();
  const email = values.email.trim();
  const mobileNo = values.mobileNo.trim();
  if (username !== user.username) body.username = username;
  if (email !== user.email) body.email = email;
  if (mobileNo !== (user.mobileNo ?? '')) body.mobileNo = mobileNo;
  if (values.newPassword && currentPassword) {
    body.password = values.newPassword;
    body.currentPassword = currentPassword;
  }
  return body;
}

export const errorMessage = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
