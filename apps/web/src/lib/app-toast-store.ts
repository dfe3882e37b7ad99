// The app toaster's state: at most 1 toast at a time, removed 1.5 s after it is
// dismissed (its exit animation plays meanwhile). The notification toaster is sonner (lib/toast.ts).

export const APP_TOAST_LIMIT = 1;
export const APP_TOAST_REMOVE_DELAY_MS = 1500;

export type AppToastVariant = 'default' | 'success' | 'destructive';
export type AppToast = { id: number; title: string; description?: string; variant: AppToastVariant; open: boolean };

type Listener = (toasts: AppToast[]) => void;

export function createAppToastStore(schedule: (fn: () => void, ms: number) => unknown = setTimeout) {
  let toasts: AppToast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener(toasts));

  function remove(id: number) {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }

  function dismiss(id: number) {
    if (!toasts.some((t) => t.id === id && t.open)) return;
    toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
    emit();
    schedule(() => remove(id), APP_TOAST_REMOVE_DELAY_MS);
  }

  return {
    show(toast: { title: string; description?: string; variant?: AppToastVariant }): number {
      const id = nextId++;
      toasts = [{ id, title: toast.title, description: toast.description, variant: toast.variant ?? 'default', open: true }, ...toasts].slice(
        0,
        APP_TOAST_LIMIT,
      );
      emit();
      return id;
    },
    dismiss,
    get: () => toasts,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const appToasts = createAppToastStore();
