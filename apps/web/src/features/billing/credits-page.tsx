import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';

/** Credits: being built in this change. */
export default function CreditsPage() {
  useDocumentTitle('Credits');
  return <PageHeader title="Credits">Your company credit ledger.</PageHeader>;
}
