import type { ReactNode } from 'react';
import { SubmitButton } from './submit-button';
import { FormError } from './ui/form';

/** The end of a dialog's form: the form's own failure, then its submit button on the right (full width on a phone), saying `busyText` while it works. */
export function FormFooter({ isSubmitting, busyText = 'Saving…', children }: { isSubmitting: boolean; busyText?: string; children: ReactNode }) {
  return (
    <>
      <FormError />
      <div className="flex justify-end">
        <SubmitButton isSubmitting={isSubmitting} busyText={busyText} className="w-full sm:w-auto">
          {children}
        </SubmitButton>
      </div>
    </>
  );
}
