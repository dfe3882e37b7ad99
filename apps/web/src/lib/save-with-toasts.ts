import { errorText } from './error-text';
import { notify } from './toast';

type Mutation<TInput> = { mutate: (input: TInput, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void };

/** A save that ends in a toast: `success` ([title, text]) when it works, `failureTitle` with the error's words when not. */
export function saveWithToasts<TInput>(mutation: Mutation<TInput>, success: [title: string, text: string], failureTitle: string) {
  return (input: TInput) =>
    mutation.mutate(input, {
      onSuccess: () => notify.success(...success),
      onError: (e) => notify.error(failureTitle, errorText(e)),
    });
}
