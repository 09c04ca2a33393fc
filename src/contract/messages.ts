import { defineTexts } from './texts';
/**
 * The spec's user-facing texts (§2, §5, §8) in one place so that the client and the server
 * say the same words. Server-only messages (for rules the spec left to the client) live here too.
 */
export const MESSAGES = defineTexts('messages', {
  auth: {
    loginFailed: 'Login failed',
    registrationFailed: 'Registration failed',
    passwordsDoNotMatch: 'Passwords do not match',
    passwordTooShort: 'Password must be at least 6 characters',
    invalidCredentials: 'Invalid username/email or password',
    accountInactive: 'This account has been deactivated. Please contact an administrator.',
    sessionExpired: 'Your session has expired. Please sign in again.',
    notAuthenticated: 'Authentication required. Please sign in.',
    forbidden: 'You do not have permission to perform this action.',
    usernameTaken: 'This username is already taken',
    emailTaken: 'An account with this email already exists',
    /** Registration says one thing for either, so it does not tell which accounts exist. */
    accountTaken: 'This username or email is already in use',
    tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
    noToken: 'No authentication token found. Please log in again.',
    passwordVerificationFailed: 'Password verification failed',
    incorrectPassword: 'The password is incorrect',
  },
  profile: {
    usernameRequired: 'Username is required',
    usernameTaken: 'This username is already taken',
    usernameCheckFailed: 'Unable to check username availability',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    mobileInvalid: 'Please enter a valid mobile number',
    passwordTooShort: 'Password must be at least 6 characters long',
    passwordsDoNotMatch: 'Passwords do not match',
    currentPasswordRequired: 'Password is required',
    updateFailed: 'Failed to update profile',
    updated: 'Profile updated successfully!',
    verifyPrompt: 'Please enter your current password to continue updating your profile.',
  },
  access: {
    usersDenied: 'You do not have permission to access this page.',
    rolesDenied: 'Access Denied. Only administrators can access role management.',
  },
  generic: {
    internal: 'Something went wrong on the server. Please try again.',
    notFound: 'Not found',
    invalidInput: 'Invalid input',
    network: 'Cannot reach the server. Check your connection and try again.',
    /** A request body or query nested past the server's bound (server input-bounds.ts). */
    tooDeep: 'The request is nested too deeply or holds too many values.',
  },
  dashboard: {
    loadFailed: 'Failed to load data',
  },
  /** Leaving a form with unsaved changes (issue 18): the app's confirm; browsers word the tab-close prompt themselves. */
  unsaved: {
    title: 'Leave without saving?',
    text: 'You have unsaved changes. If you leave this page, they will be lost.',
    stay: 'Stay',
    leave: 'Leave',
  },
});
