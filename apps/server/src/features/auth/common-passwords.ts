import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '@ridgeline/shared/domain/password-policy';

// The bundled list of common passwords (about 49,000 entries from zxcvbn-ts), checked locally:
// no outside service. Entries shorter than the minimum length are refused by length already.
let commonPasswords: Set<string> | null = null;

function list(): Set<string> {
  commonPasswords ??= new Set((dictionary['passwords-common'] as string[]).filter((p) => p.length >= PASSWORD_MIN_LENGTH).map((p) => p.toLowerCase()));
  return commonPasswords;
}

/** True when the password (case-insensitively) is on the common-passwords list. */
export function isCommonPassword(password: string): boolean {
  return list().has(password.toLowerCase());
}

/** How many entries the list holds (at least 10,000 by contract). */
export function commonPasswordCount(): number {
  return list().size;
}
