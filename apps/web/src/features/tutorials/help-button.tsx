import * as Dialog from '@radix-ui/react-dialog';
import { CircleHelp, X } from 'lucide-react';
import { useLocation } from 'react-router';
import { usePageTutorial } from './tutorials-api';
import { TutorialVideo } from './tutorial-video';

/** Spec section 2: a help button on each page that has an active tutorial, opening its video. */
export function HelpButton() {
  const { pathname } = useLocation();
  const tutorial = usePageTutorial(pathname).data;
  if (!tutorial) return null;
  return (
    <Dialog.Root>
      <Dialog.Trigger className="flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-semibold text-blue-900 hover:bg-blue-50">
        <CircleHelp aria-hidden="true" className="size-4" />
        Help
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(800px,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-lg bg-white p-5 shadow-xl">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{tutorial.title}</Dialog.Title>
            <Dialog.Close className="rounded p-1 text-slate-700 hover:bg-slate-100">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-slate-700">{tutorial.description ?? 'A short video about this page.'}</Dialog.Description>
          <TutorialVideo src={tutorial.embedUrl} title={tutorial.title} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
