import { MailCheck } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../lib/paths';

/** After sign-up: the confirmation link is in the mail. */
export default function CheckEmailPage() {
  useDocumentTitle('Check Your Email');
  const location = useLocation();
  const [params] = useSearchParams();
  // The address comes in the navigation state after sign-up, or as ?email= on a shared link.
  const email = (location.state as { email?: string } | null)?.email ?? params.get('email');
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-50 px-4 py-16">
      <CardDiv className="flex w-full max-w-md flex-col items-center gap-4 p-8 text-center shadow-sm">
        <MailCheck aria-hidden="true" className="size-12 text-blue-800" />
        <h1 className="text-2xl font-bold text-slate-900">Check your email</h1>
        <p className="text-slate-700">
          We sent a confirmation link to {email ? <strong>{email}</strong> : 'your email address'}. Open it to confirm your account and you will be signed in to
          your dashboard.
        </p>
        <p className="text-sm text-slate-600">The link is valid for 24 hours. Nothing there? Check your spam folder.</p>
        <Button asChild variant="link" size="inline">
          <Link to={paths.auth}>Back to sign in</Link>
        </Button>
      </CardDiv>
    </main>
  );
}
