import { AppError } from '../../lib/app-error';

/**
 * An admin viewing as someone (impersonation) cannot change that person's password, two-factor
 * settings or sessions: those stay the account owner's own decisions.
 */
export function assertMayChangeCredentials(caller: { impersonatedBy: string | null } | null): void {
  if (caller?.impersonatedBy) throw new AppError('IMPERSONATION_RESTRICTED');
}
