import { useDocumentTitle } from '../../components/use-document-title';
import { ChangePasswordCard } from './security/change-password-card';
import { SecurityLogCard } from './security/security-log-card';
import { SessionsCard } from './security/sessions-card';
import { TwoFactorCard } from './security/two-factor-card';
import { PageHeader } from '../../components/page-header';

/** /security: password, two-factor, signed-in sessions and this device's security log. */
export default function SecurityPage() {
  useDocumentTitle('Security');
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title="Security">Protect your account and the claim files it opens.</PageHeader>
      <ChangePasswordCard />
      <TwoFactorCard />
      <SessionsCard />
      <SecurityLogCard />
    </div>
  );
}
