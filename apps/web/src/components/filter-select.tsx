import type { ComponentProps } from 'react';
import { LabeledOptions } from './choice-options';
import { NativeSelect } from './ui/native-select';

type FilterSelectProps<T extends string> = Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'children'> & {
  /** The value chosen, '' for all of them. */
  value: T | '';
  onChange: (value: T | '') => void;
  /** The first option's words, the one that filters nothing ("All statuses"). */
  all: string;
  values: readonly T[];
  labels: Readonly<Record<T, string>> | ((value: T) => string);
};

/** A list's filter on one of `values` (named by `labels`), or all of them. */
export function FilterSelect<T extends string>({ value, onChange, all, values, labels, ...props }: FilterSelectProps<T>) {
  return (
    <NativeSelect {...props} value={value} onChange={(event) => onChange(event.target.value as T | '')}>
      <option value="">{all}</option>
      <LabeledOptions values={values} labels={labels} />
    </NativeSelect>
  );
}
