import { errorText } from './error-text';
import { notify } from './toast';

type Mutation<TInput> = { mutate: (input: TInput, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void };

/**
 * A save that ends in a toast: `success` ([title, text]) when it works, then `onSaved` (a form
 * emptied for the next one); `failureTitle` with the error's words when not.
 */
export function saveWithToasts<TInput>(mutation: Mutation<TInput>, success: [title: string, text: string], failureTitle: string, onSaved?: () => void) {
  return (input: TInput) =>
    mutation.mutate(input, {
      onSuccess: () => {
        notify.success(...success);
        onSaved?.();
      },
      onError: (e) => notify.error(failureTitle, errorText(e)),
    });
}
