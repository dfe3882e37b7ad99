import { LOSS_TYPES } from '@ridgeline/shared/domain/loss-types';
import { ChoiceOptions } from './choice-options';

/** The options of a select of loss types, one a type, after whatever option the select starts with. */
export function LossTypeOptions() {
  return <ChoiceOptions choices={LOSS_TYPES} />;
}
