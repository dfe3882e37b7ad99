import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';

/** Admin Payments: being built in this change. */
export default function AdminPaymentsPage() {
  useDocumentTitle('Admin Payments');
  return <PageHeader title="Admin Payments">Platform admins see payments across companies.</PageHeader>;
}
