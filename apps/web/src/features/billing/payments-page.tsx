import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';

/** Payments: being built in this change. */
export default function PaymentsPage() {
  useDocumentTitle('Payments');
  return <PageHeader title="Payments">Your subscription, invoices and payment history.</PageHeader>;
}
