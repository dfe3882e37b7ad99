/** The exact message when sign-up meets an address that already exists. */
export const EMAIL_ALREADY_REGISTERED_MESSAGE = 'This email is already registered. Please sign in or reset your password.';

/** Auth actions refused while offline, each with its own sentence. */
export const OFFLINE_MESSAGES = {
  signIn: 'Cannot sign in while offline',
  signUp: 'Cannot sign up while offline',
  resetPassword: 'Cannot reset password while offline',
  updatePassword: 'Cannot update password while offline',
} as const;

/** Said after a password change: every other session of the user has been revoked. */
export const OTHER_DEVICES_SIGNED_OUT = 'You have been signed out on your other devices.';
