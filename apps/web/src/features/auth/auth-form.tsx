export { SubmitButton } from '../../components/submit-button';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';

// What every auth and security form repeats: the write that is refused offline and shows its failure under the form and in a toast.

/** A password input's props: `current-password` lets a password manager fill it, `new-password` offer a new one. */
export const passwordInput = (autoComplete: 'current-password' | 'new-password') => ({ type: 'password', autoComplete }) as const;

type RootErrorForm = { setError: (name: 'root', error: { message: string }) => void };

/** A failure shown under the form (its root error) and, with a toast title, as an error toast. */
export function showFailure(form: RootErrorForm, message: string, toastTitle?: string): void {
  form.setError('root', { message });
  if (toastTitle) notify.error(toastTitle, message);
}

/** Runs `write`; any error it throws is shown under the form in the words of lib/error-text. */
export async function submitShowingErrors(form: RootErrorForm, write: () => Promise<void>, toastTitle?: string): Promise<void> {
  try {
    await write();
  } catch (e) {
    showFailure(form, errorText(e), toastTitle);
  }
}

/** As submitShowingErrors, refused first while offline with `offlineMessage` under the form and in the toast. */
export async function submitOnline(form: RootErrorForm, options: { toastTitle: string; offlineMessage: string }, write: () => Promise<void>): Promise<void> {
  if (!navigator.onLine) {
    showFailure(form, options.offlineMessage, options.toastTitle);
    return;
  }
  await submitShowingErrors(form, write, options.toastTitle);
}
