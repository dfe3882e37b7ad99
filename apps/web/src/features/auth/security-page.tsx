import { useDocumentTitle } from '../../components/use-document-title';
import { ChangePasswordCard } from './security/change-password-card';
import { SecurityLogCard } from './security/security-log-card';
import { SessionsCard } from './security/sessions-card';
import { TwoFactorCard } from './security/two-factor-card';

/** /security: password, two-factor, signed-in sessions and this device's security log. */
export default function SecurityPage() {
  useDocumentTitle('Security');
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Security</h1>
        <p className="mt-1 text-slate-700">Protect your account and the claim files it opens.</p>
      </header>
      <ChangePasswordCard />
      <TwoFactorCard />
      <SessionsCard />
      <SecurityLogCard />
    </div>
  );
}
