import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

// The navigation drawer of small screens, loaded the first time it is opened (signed-in-shell.tsx):
// a wide screen never shows it, and Radix's dialog is a large part of the shell otherwise.

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: { className: string; label: ReactNode };
  brand: ReactNode;
  children: ReactNode;
};

/**
 * The drawer, controlled by the shell, which gives the trigger's look (its stand-in before this loads
 * is the same button), the brand at the top and the navigation as children.
 */
export default function NavDrawer({ open, onOpenChange, trigger, brand, children }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className={trigger.className}>{trigger.label}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 flex-col gap-6 overflow-y-auto bg-blue-950 px-3 py-5">
          <div className="flex items-center justify-between px-3">
            <Dialog.Title asChild>
              <div>{brand}</div>
            </Dialog.Title>
            <Dialog.Close className="rounded-md p-1 text-white hover:bg-blue-900">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Close navigation</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Go to another part of Ridgeline</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
