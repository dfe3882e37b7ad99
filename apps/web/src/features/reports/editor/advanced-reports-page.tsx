import { useDocumentTitle } from '../../../components/use-document-title';

export default function AdvancedReportsPage() {
  useDocumentTitle('Advanced Photo Reports');
  return <h1 className="text-2xl font-semibold">Advanced Photo Reports</h1>;
}
