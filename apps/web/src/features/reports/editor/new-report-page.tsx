import { useDocumentTitle } from '../../../components/use-document-title';

export default function NewReportPage() {
  useDocumentTitle('New Advanced Photo Report');
  return <h1 className="text-2xl font-semibold">New Advanced Photo Report</h1>;
}
