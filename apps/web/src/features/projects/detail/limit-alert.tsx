import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { LimitAlert } from '../../../components/limit-alert';

/** Whether a write was refused because the plan has no free active-file slot. */
export function isActiveFileLimit(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'ACTIVE_FILE_LIMIT';
}

/** The server's words on the active-file limit (they name the plan and its limit) with the way to pricing; nothing for other errors. */
export function ActiveFileLimitAlert({ error }: { error: unknown }) {
  if (!isActiveFileLimit(error)) return null;
  return <LimitAlert message={errorText(error)} />;
}
