import { UserX } from 'lucide-react';
import { Button } from './ui/button';
import { useDocumentTitle } from './use-document-title';

/** All a disabled account sees: it can only sign out. */
export function AccountDisabledScreen({ onSignOut }: { onSignOut: () => void }) {
  useDocumentTitle('Account Disabled');
  return (
    <main id="main" className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <UserX aria-hidden="true" className="size-12 text-red-700" />
      <h1 className="text-2xl font-bold text-slate-900">Your account has been temporarily disabled</h1>
      <p className="text-slate-800">
        Your account access has been disabled by an administrator. Please contact your system administrator to restore access to your account.
      </p>
      <Button onClick={onSignOut}>Sign Out</Button>
    </main>
  );
}
