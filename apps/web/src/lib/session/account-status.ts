import type { KeyValueStore } from './session-cache';

// Account enabled: is_enabled false shows Account Disabled; the flag is cached per
// user so a reload shows the screen at once; a read error counts as enabled.

const KEY_PREFIX = 'ridgeline.account-enabled.';

export function createAccountStatusCache(store: KeyValueStore) {
  return {
    /** The last known flag for the user; enabled when unknown or unreadable. */
    read(userId: string): boolean {
      try {
        return store.getItem(KEY_PREFIX + userId) !== 'false';
      } catch {
        return true;
      }
    },
    write(userId: string, enabled: boolean): void {
      try {
        if (enabled) store.removeItem(KEY_PREFIX + userId);
        else store.setItem(KEY_PREFIX + userId, 'false');
      } catch {
        // Storage full or blocked: the server still refuses every call.
      }
    },
  };
}

/**
 * Whether the account is enabled: the session read's flag when there is one, else the cached one,
 * and false as soon as any call answered ACCOUNT_DISABLED.
 */
export function resolveAccountEnabled(input: { sessionFlag: boolean | undefined; cachedFlag: boolean; refusedByServer: boolean }): boolean {
  if (input.refusedByServer) return false;
  return input.sessionFlag ?? input.cachedFlag;
}
