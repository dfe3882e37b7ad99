import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Tutorial } from '@ridgeline/shared/contracts/tutorials';
import { TutorialVideo } from './tutorial-video';

// The help dialog with the page's tutorial video, loaded when its Help button is first pressed
// (help-button.tsx): most visits never open it, and Radix's dialog is heavy for every first load.

type Props = {
  tutorial: Tutorial & { embedUrl: string };
  trigger: { className: string; label: ReactNode };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export default function HelpDialog({ tutorial, trigger, open, onOpenChange }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className={trigger.className}>{trigger.label}</Dialog.Trigger>
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
