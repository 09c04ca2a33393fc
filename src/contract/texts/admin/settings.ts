import { defineTexts } from '../define';

/** Account Settings texts beyond the profile form: the language switch and the sessions card. */
export const SETTINGS_TEXTS = defineTexts('settings', {
  profile: {
    title: 'Personal Information',
    edit: 'Edit',
    username: 'Username',
    email: 'Email',
    role: 'Role',
    mobile: 'Mobile Number',
    mobilePlaceholder: 'Enter mobile number (optional)',
    changePassword: 'Change Password',
    verifyPassword: 'Verify Password',
    newPassword: 'New Password',
    confirmNewPassword: 'Confirm New Password',
    cancel: 'Cancel',
    save: 'Save',
    saving: 'Saving...',
    verifyTitle: 'Verify Password',
    verify: 'Verify',
    currentPassword: 'Current Password',
  },
  language: {
    title: 'Language',
    label: 'Language of the app',
    hint: 'Saved to your account: every device you sign in on uses it.',
    saved: 'Language saved',
    failed: 'Failed to save the language',
  },
  sessions: {
    title: 'Sessions',
    prompt: 'Signed in on a device you no longer use? End every session of your account, this one included.',
    button: 'Sign out everywhere',
    confirmTitle: 'Sign out everywhere?',
    confirmText: 'Every browser and device signed in to your account, this one included, will have to sign in again.',
    cancel: 'Cancel',
  },
});
