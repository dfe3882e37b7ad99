import { Link } from 'react-router';
import { AlertBox } from './ui/alert';
import { paths } from '../lib/paths';

/** The server's words when the plan has no free active-file slot, with the way to more slots. */
export function LimitAlert({ message }: { message: string }) {
  return (
    <AlertBox tone="warning" role="alert" className="flex flex-col gap-1 border border-amber-300">
      <p>{message}</p>
      <p>
        <Link to={paths.pricing} className="font-semibold text-blue-800 underline underline-offset-2">
          See plans and pricing
        </Link>
      </p>
    </AlertBox>
  );
}
