import { toast, Toaster } from 'sonner';
import { appNotify } from './app-notify';
import { NOTIFICATION_TOASTER, notificationToaster } from './notification-toaster';

// THE one toast helper, over the two toasters. Titles and descriptions are the
// product's exact strings.
// - notify.success/error/warning/info: the notification toaster (sonner: 4 s, 3 visible, 14 px gap,
//   356 px wide, bottom-right) for what happens on a page.
// - notify.app.*: the app toaster (1 at a time, removed 1.5 s after dismissal) for account-level
//   announcements: impersonation starting and ending, and its failures (also as lib/app-notify.ts).
// Whoever imports this loads sonner; the app mounts its toaster from then on (lib/notification-toaster.ts).
notificationToaster.register(Toaster);

/** A button on a toast (sonner's action): "Download" on a document that is ready. */
export type ToastAction = { label: string; onClick: () => void };

export const notify = {
  success: (title: string, description?: string, action?: ToastAction) => toast.success(title, { description, action }),
  error: (title: string, description?: string) => toast.error(title, { description, className: 'toast-destructive' }),
  warning: (title: string, description?: string) => toast.warning(title, { description }),
  info: (title: string, description?: string) => toast.info(title, { description }),
  app: appNotify,
};

export { NOTIFICATION_TOASTER };
