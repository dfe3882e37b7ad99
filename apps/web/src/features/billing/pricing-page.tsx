import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';

/** Pricing: being built in this change. */
export default function PricingPage() {
  useDocumentTitle('Pricing');
  return <PageHeader title="Pricing">Plans billed by active files, with unlimited users.</PageHeader>;
}
