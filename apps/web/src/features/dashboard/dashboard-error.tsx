import { errorText } from '../../lib/error-text';

/** Why the dashboard could not load, in the words of lib/error-text (loaded only when it is needed). */
export default function DashboardError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {errorText(error)}
    </p>
  );
}
