import { Link } from 'react-router';
import { AlertBox } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';

/** Whether a write was refused because the plan has no free active-file slot. */
export function isActiveFileLimit(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'ACTIVE_FILE_LIMIT';
}

/** The server's words on the active-file limit (they name the plan and its limit), with the way to a bigger plan. */
export function LimitAlert({ error }: { error: unknown }) {
  if (!isActiveFileLimit(error)) return null;
  return (
    <AlertBox role="alert" tone="warning" className="flex flex-wrap items-center gap-x-2 border border-amber-300">
      <span>{errorText(error)}</span>
      <Link to="/pricing" className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline">
        See plans and pricing
      </Link>
    </AlertBox>
  );
}
