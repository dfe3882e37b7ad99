import { TEST_MODE_LABEL } from '@ridgeline/shared/domain/billing';
import type { PaymentMode } from '@ridgeline/shared/contracts/billing';
import { Alert } from '../../components/ui/alert';

/** The label every billing page shows while payments run without a Stripe key: nothing is charged. */
export function TestModeNotice({ mode }: { mode: PaymentMode }) {
  if (mode !== 'test') return null;
  return (
    <Alert tone="warning" data-testid="test-mode-label">
      {TEST_MODE_LABEL}
    </Alert>
  );
}
