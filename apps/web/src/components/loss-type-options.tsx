import { LOSS_TYPES } from '@ridgeline/shared/domain/loss-types';

/** The options of a select of loss types, one a type, after whatever option the select starts with. */
export function LossTypeOptions() {
  return LOSS_TYPES.map((type) => (
    <option key={type.value} value={type.value}>
      {type.label}
    </option>
  ));
}
