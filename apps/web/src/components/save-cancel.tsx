import type { ReactNode } from 'react';
import { SubmitButton } from './submit-button';
import { Button } from './ui/button';

/** The footer of a small editing form: submit (saying `busyText` while saving) and, when given, Cancel. */
export function SaveCancel({
  saving,
  onCancel,
  busyText = 'Saving…',
  children = 'Save',
}: {
  saving: boolean;
  onCancel?: (() => void) | undefined;
  busyText?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <SubmitButton isSubmitting={saving} busyText={busyText}>
        {children}
      </SubmitButton>
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </div>
  );
}
