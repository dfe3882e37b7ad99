import { toast } from 'sonner';

// THE one toast helper. Titles and descriptions are the spec's exact strings where it has them.
export const notify = {
  success: (title: string, description?: string) => toast.success(title, { description }),
  error: (title: string, description?: string) => toast.error(title, { description, className: 'toast-destructive' }),
  warning: (title: string, description?: string) => toast.warning(title, { description }),
  info: (title: string, description?: string) => toast.info(title, { description }),
};
