import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { appToasts, type AppToastVariant } from '../lib/app-toast-store';

const variantClass: Record<AppToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-green-300 bg-white text-slate-900',
  destructive: 'toast-destructive border-red-700 bg-red-700 text-white',
};

/** The app toaster: one toast at a time, top of the screen. */
export function AppToaster() {
  const toasts = useSyncExternalStore(appToasts.subscribe, appToasts.get, appToasts.get);
  return (
    <Toast.Provider swipeDirection="up" duration={5000}>
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) appToasts.dismiss(toast.id);
          }}
          data-app-toast=""
          className={`flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg data-[state=closed]:opacity-0 ${variantClass[toast.variant]}`}
        >
          <div className="flex-1">
            <Toast.Title className="text-sm font-semibold">{toast.title}</Toast.Title>
            {toast.description && <Toast.Description className="mt-1 text-sm">{toast.description}</Toast.Description>}
          </div>
          <Toast.Close className="rounded p-1 opacity-80 hover:opacity-100">
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">Close</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed top-4 left-1/2 z-[100] flex w-[min(420px,calc(100vw-2rem))] -translate-x-1/2 flex-col outline-none" />
    </Toast.Provider>
  );
}
