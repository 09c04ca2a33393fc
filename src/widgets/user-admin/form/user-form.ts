import { LIMITS } from '../../../contract/limits';
import { MESSAGES } from '../../../contract/texts/common';
import { USER_ADMIN_MESSAGES } from '../../../contract/texts/admin/users';
import { EMAIL_PATTERN, MOBILE_PATTERN } from '../../../contract/patterns';
import type { User } from '../../../contract/admin/users';
import type { FormDialogInput } from '../../../machines/form-dialog.machine';
import { USER_TEXTS } from '../../../contract/texts/admin/users';

/**
 * The Create/Edit User form (spec §2, §3, §5 "User form"): Username, Email Address (email type),
 * Password, Confirm Password and Role are required; the mobile number is optional. As the spec
 * says, Confirm Password is not compared with Password on this form; it is never sent.
 */
export type UserFormMode = 'create' | 'edit';
export interface UserFormValues {
  username: string;
  email: string;
  mobileNo: string;
  password: string;
  confirmPassword: string;
  roleId: string;
  isActive: boolean;
}
export type UserFormField = keyof UserFormValues;
export type UserFormErrors = Partial<Record<UserFormField, string>>;

export function emptyUserForm(defaultRoleId = ''): UserFormValues {
  return { username: '', email: '', mobileNo: '', password: '', confirmPassword: '', roleId: defaultRoleId, isActive: true };
}

export function userFormFrom(user: User): UserFormValues {
  return { ...emptyUserForm(user.roleId ?? ''), username: user.username, email: user.email, mobileNo: user.mobileNo ?? '', isActive: user.isActive };
}

/**
 * `setsPassword`: editing an account restored from a backup without a password. Its
 * Password and Confirm Password fields are shown; a password is needed to make it active, and
 * the two must match (this form, unlike the spec's create form, is not bound to the spec's quirk).
 */
export function validateUserForm(v: UserFormValues, mode: UserFormMode, setsPassword = false): UserFormErrors {
  const errors: UserFormErrors = {};
  if (!v.username.trim()) errors.username = MESSAGES.profile.usernameRequired;
  if (!v.email.trim()) errors.email = MESSAGES.profile.emailRequired;
  else if (!EMAIL_PATTERN.test(v.email.trim())) errors.email = MESSAGES.profile.emailInvalid;
  if (v.mobileNo.trim() && !MOBILE_PATTERN.test(v.mobileNo.trim())) errors.mobileNo = MESSAGES.profile.mobileInvalid;
  if (mode === 'create') {
    if (!v.password) errors.password = USER_TEXTS.passwordRequired;
    else if (v.password.length < LIMITS.passwordMinLength) errors.password = MESSAGES.auth.passwordTooShort;
    if (!v.confirmPassword) errors.confirmPassword = USER_TEXTS.confirmRequired;
  } else if (setsPassword) {
    if (v.password && v.password.length < LIMITS.passwordMinLength) errors.password = MESSAGES.auth.passwordTooShort;
    else if (!v.password && v.isActive) errors.password = USER_ADMIN_MESSAGES.passwordBeforeActivating;
    if (v.password && v.confirmPassword !== v.password) errors.confirmPassword = v.confirmPassword ? MESSAGES.auth.passwordsDoNotMatch : USER_TEXTS.confirmRequired;
  }
  if (!v.roleId) errors.roleId = USER_ADMIN_MESSAGES.roleRequired;
  return errors;
}

export const hasErrors = (e: UserFormErrors) => Object.values(e).some(Boolean);

/**
 * The form-dialog machine's input for Create/Edit User: the checks above, and the failure as the
 * dialog has always shown it (the error's own message, else the fallback text), kept while
 * the fields are edited until the next submit.
 */
export function userFormInput(mode: UserFormMode, initial: UserFormValues, submit: (values: UserFormValues) => Promise<void>, setsPassword = false): FormDialogInput<UserFormValues> {
  return {
    initial,
    submit,
    validate: (values) => validateUserForm(values, mode, setsPassword),
    fallback: USER_TEXTS.saveFallback,
    errorText: (err) => (err instanceof Error && err.message ? err.message : USER_TEXTS.saveFallback),
    keepErrorOnChange: true,
  };
}
