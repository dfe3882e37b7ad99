import { useDocumentTitle } from '../../../components/use-document-title';

export default function ReportEditorPage() {
  useDocumentTitle('Edit Advanced Photo Report');
  return <h1 className="text-2xl font-semibold">Edit Advanced Photo Report</h1>;
}
