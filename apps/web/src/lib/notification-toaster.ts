import type { ComponentType } from 'react';
import type { ToasterProps } from 'sonner';

// The notification toaster (sonner) is mounted by the app's providers, but sonner itself comes with
// the code that notifies (lib/toast.ts, imported by the pages with forms), not with every first
// load: lib/toast.ts registers sonner's toaster here and components/toasters.tsx mounts it. A page
// that can notify brings sonner in its own chunks, so its toasts show even if the network is gone.

/** The notification toaster's settings: 4 s, 3 visible, 14 px gap, 356 px wide, bottom-right. */
export const NOTIFICATION_TOASTER = { position: 'bottom-right', duration: 4000, visibleToasts: 3, gap: 14, width: 356 } as const;

/**
 * On a phone (sonner's layout below 600 px) the toasts span the screen's width. The foot of the screen
 * is where field screens keep their action bar, under the thumb, so there they show at the top: a
 * toast never covers the next tap.
 */
export const PHONE_TOASTER = { query: '(max-width: 600px)', position: 'top-center' } as const;

let registered: ComponentType<ToasterProps> | null = null;
const listeners = new Set<() => void>();

export const notificationToaster = {
  /** sonner's toaster, once the code that notifies has loaded. */
  get: (): ComponentType<ToasterProps> | null => registered,
  register(toaster: ComponentType<ToasterProps>): void {
    if (registered === toaster) return;
    registered = toaster;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
