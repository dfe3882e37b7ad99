import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';

/** Credits Purchased: being built in this change. */
export default function CreditsSuccessPage() {
  useDocumentTitle('Credits Purchased');
  return <PageHeader title="Credits Purchased">Confirmation of a credit pack purchase.</PageHeader>;
}
