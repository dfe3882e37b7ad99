/** Password length bounds: no composition rules, common passwords refused on the server. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Message shown when a password is on the common-passwords list. */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common and easy to guess. Please choose a different password.';
