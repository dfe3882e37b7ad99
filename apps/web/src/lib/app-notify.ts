import { appToasts } from './app-toast-store';

/**
 * The app toaster's announcements (impersonation starting and ending, and its
 * failures), as `notify.app` in lib/toast.ts. On its own so the signed-in shell can announce without
 * loading sonner, the notification toaster's library.
 */
export const appNotify = {
  success: (title: string, description?: string) => appToasts.show({ title, description, variant: 'success' }),
  error: (title: string, description?: string) => appToasts.show({ title, description, variant: 'destructive' }),
};
