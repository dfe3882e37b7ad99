import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../lib/paths';

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-sm font-semibold text-blue-800">404</p>
      <h1 className="text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to={paths.home}>Go to the home page</Link>
      </Button>
    </main>
  );
}
