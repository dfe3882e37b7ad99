import { useNavigate } from 'react-router';
import type { InspectionFields } from '@ridgeline/shared/contracts/inspections';
import { errorText } from '../../lib/error-text';
import { paths } from '../../lib/paths';
import { notify } from '../../lib/toast';
import { saveInspectionFields } from '../../offline/inspection-store';
import { useFieldUser } from './use-field-user';

/**
 * The Save of a form editing a session's fields: `fields()` kept on this device (synced when online),
 * `saved` said, and back to the session; a failure is `onFailed`'s words (the form's own error).
 */
export function useSaveSessionFields(sessionId: string, saved: string, onFailed: (message: string) => void) {
  const user = useFieldUser();
  const navigate = useNavigate();
  return async (fields: () => InspectionFields) => {
    if (!user) return;
    try {
      await saveInspectionFields(user.userId, sessionId, fields());
      notify.success(saved);
      await navigate(paths.fieldInspection(sessionId));
    } catch (error) {
      onFailed(errorText(error));
    }
  };
}
