import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button-variants';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../lib/paths';

/** An honest empty state for a page whose feature arrives in a later release. */
export function PlannedPage({ title, description }: { title: string; description: string }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <Card className="flex flex-col items-start gap-3 border-dashed border-slate-300 p-6">
        <Construction aria-hidden="true" className="size-8 text-amber-600" />
        <p className="text-slate-800">{description}</p>
        <p className="text-sm text-slate-700">This part of Ridgeline is being built and is not available yet. Nothing here is lost or hidden from you.</p>
        {/* The button look without the Button (and its Slot): this page is preloaded on the first load. */}
        <Link to={paths.dashboard} className={buttonVariants({ variant: 'link', size: 'inline', className: 'underline' })}>
          Back to the dashboard
        </Link>
      </Card>
    </div>
  );
}
