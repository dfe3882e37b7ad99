import { submitShowingErrors, type RootErrorForm } from '../../components/ui/form';
import { notify } from '../../lib/toast';
export { SubmitButton } from '../../components/submit-button';

// What every auth and security form repeats: the write that is refused offline and shows its failure under the form and in a toast.

/** A password input's props: `current-password` lets a password manager fill it, `new-password` offer a new one. */
export const passwordInput = (autoComplete: 'current-password' | 'new-password') => ({ type: 'password', autoComplete }) as const;

/** A failure shown under the form (its root error) and, with a toast title, as an error toast. */
export function showFailure(form: RootErrorForm, message: string, toastTitle?: string): void {
  form.setError('root', { message });
  if (toastTitle) notify.error(toastTitle, message);
}

/** As the form path's submitShowingErrors (and its failure in a toast too), refused first while offline with `offlineMessage` under the form and in the toast. */
export async function submitOnline(form: RootErrorForm, options: { toastTitle: string; offlineMessage: string }, write: () => Promise<void>): Promise<void> {
  if (!navigator.onLine) {
    showFailure(form, options.offlineMessage, options.toastTitle);
    return;
  }
  await submitShowingErrors(form, write, (message) => notify.error(options.toastTitle, message));
}
