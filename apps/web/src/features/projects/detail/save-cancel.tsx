import type { ReactNode } from 'react';
import { SubmitButton } from '../../../components/submit-button';
import { Button } from '../../../components/ui/button';

/** The footer of the page's inline editors: submit (busy while saving) and, when given, Cancel. */
export function SaveCancel({ saving, onCancel, children = 'Save' }: { saving: boolean; onCancel?: (() => void) | undefined; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-2">
      <SubmitButton isSubmitting={saving} busyText="Saving…">
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
