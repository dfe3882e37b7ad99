import { useDocumentTitle } from '../components/use-document-title';
import { AdminOnly } from '../features/admin/admin-only';
import { useStartImpersonation } from '../features/admin/use-start-impersonation';
import { AdminPaymentsPage } from '../features/billing/admin-payments-page';

const TITLE = 'Admin Payments';

/** The billing page with the admin feature's impersonation start (features never import each other). */
function AdminPaymentsContents() {
  const start = useStartImpersonation();
  return <AdminPaymentsPage openAsOwner={start} />;
}

/** /admin/payments: platform admins only; everyone else sees the refusal every admin page shows. */
export default function AdminPaymentsRoute() {
  useDocumentTitle(TITLE);
  return (
    <AdminOnly title={TITLE}>
      <AdminPaymentsContents />
    </AdminOnly>
  );
}
