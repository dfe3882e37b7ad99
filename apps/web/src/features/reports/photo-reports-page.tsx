import { useDocumentTitle } from '../../components/use-document-title';

export default function PhotoReportsPage() {
  useDocumentTitle('Photo Reports');
  return <h1 className="text-2xl font-semibold">Photo Reports</h1>;
}
