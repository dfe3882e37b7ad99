import { useNavigate } from 'react-router';
import type { InspectionFields } from '@ridgeline/shared/contracts/inspections';
import { submitShowingErrors, type RootErrorForm } from '../../components/ui/form';
import { paths } from '../../lib/paths';
import { notify } from '../../lib/toast';
import { saveInspectionFields } from '../../offline/inspection-store';
import { useFieldUser } from './use-field-user';

/**
 * The Save of a form editing a session's fields: `fields()` kept on this device (synced when online),
 * `saved` said, and back to the session; a failure goes under `form` (its own error), as every form's does.
 */
export function useSaveSessionFields(sessionId: string, saved: string, form: RootErrorForm) {
  const user = useFieldUser();
  const navigate = useNavigate();
  return async (fields: () => InspectionFields) => {
    if (!user) return;
    await submitShowingErrors(form, async () => {
      await saveInspectionFields(user.userId, sessionId, fields());
      notify.success(saved);
      await navigate(paths.fieldInspection(sessionId));
    });
  };
}
