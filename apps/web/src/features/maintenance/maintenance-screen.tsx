import { Wrench } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../components/use-document-title';

/** What non-admins see while maintenance mode is on. */
export function MaintenanceScreen({ onSignOut }: { onSignOut: () => void }) {
  useDocumentTitle('Maintenance');
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <Wrench aria-hidden="true" className="size-12 text-amber-600" />
      <h1 className="text-3xl font-bold text-slate-900">We're Performing Maintenance</h1>
      <p className="text-lg text-slate-800">Typically this will be under 30 minutes</p>
      <p className="text-slate-700">Please check back later.</p>
      <Button variant="secondary" onClick={onSignOut}>
        Sign Out
      </Button>
    </main>
  );
}
