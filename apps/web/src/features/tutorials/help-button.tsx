import { CircleHelp } from 'lucide-react';
import { lazy, useState } from 'react';
import { useLocation } from 'react-router';
import { LoadOnIntent } from '../../components/load-on-intent';
import { useLoadOnIntent } from '../../lib/use-load-on-intent';
import { usePageTutorial } from './page-tutorial-api';

const loadHelpDialog = () => import('./help-dialog');
const HelpDialog = lazy(loadHelpDialog);

const TRIGGER_CLASS = 'flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-semibold text-blue-900 hover:bg-blue-50';

/**
 * The help button of every signed-in page: its dialog shows the page's video or written guide when
 * the page has an active one, and always offers to send feedback about the page.
 */
export function HelpButton() {
  const { pathname } = useLocation();
  // While the page's help is read (or when it fails: logged) the dialog offers feedback alone.
  const tutorial = usePageTutorial(pathname).data ?? null;
  // The page the dialog is open on: it closes when the user goes to another page, as it did when each
  // page had its own dialog.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const intent = useLoadOnIntent(loadHelpDialog, () => setOpenOn(pathname));
  const trigger = {
    className: TRIGGER_CLASS,
    label: (
      <>
        <CircleHelp aria-hidden="true" className="size-4" />
        Help
      </>
    ),
  };
  return (
    <LoadOnIntent intent={intent} popup="dialog" trigger={trigger}>
      <HelpDialog tutorial={tutorial} page={pathname} trigger={trigger} open={openOn === pathname} onOpenChange={(open) => setOpenOn(open ? pathname : null)} />
    </LoadOnIntent>
  );
}
