import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';

/** Payment Complete: being built in this change. */
export default function PaymentSuccessPage() {
  useDocumentTitle('Payment Complete');
  return <PageHeader title="Payment Complete">Confirmation of a completed payment.</PageHeader>;
}
