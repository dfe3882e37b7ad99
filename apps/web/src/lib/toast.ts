import { toast } from 'sonner';
import { appToasts } from './app-toast-store';

// THE one toast helper, over the spec's two toasters. Titles and descriptions are the
// spec's exact strings where it has them.
// - notify.success/error/warning/info: the notification toaster (sonner: 4 s, 3 visible, 14 px gap,
//   356 px wide, bottom-right) for what happens on a page.
// - notify.app.*: the app toaster (1 at a time, removed 1.5 s after dismissal) for account-level
//   announcements: impersonation starting and ending, and its failures.
export const notify = {
  success: (title: string, description?: string) => toast.success(title, { description }),
  error: (title: string, description?: string) => toast.error(title, { description, className: 'toast-destructive' }),
  warning: (title: string, description?: string) => toast.warning(title, { description }),
  info: (title: string, description?: string) => toast.info(title, { description }),
  app: {
    success: (title: string, description?: string) => appToasts.show({ title, description, variant: 'success' }),
    error: (title: string, description?: string) => appToasts.show({ title, description, variant: 'destructive' }),
  },
};

/** The notification toaster's settings. */
export const NOTIFICATION_TOASTER = { position: 'bottom-right', duration: 4000, visibleToasts: 3, gap: 14, width: 356 } as const;
