import { useDocumentTitle } from '../../components/use-document-title';

export default function PublicSharePage() {
  useDocumentTitle('Shared document');
  return <h1 className="text-2xl font-semibold">Shared document</h1>;
}
