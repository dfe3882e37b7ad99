/** The options of a select, one a choice (its value, named by its label), after whatever option the select starts with. */
export function ChoiceOptions({ choices }: { choices: readonly { value: string; label: string }[] }) {
  return choices.map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ));
}

/** The options of a select of records (members, carriers, companies, statuses), each its id named by its name. */
export function NamedOptions({ items }: { items: readonly { id: string; name: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}

/** The options of a select of `values`, each named by `labels` (a record of words or a function giving them). */
export function LabeledOptions<T extends string>({ values, labels }: { values: readonly T[]; labels: Readonly<Record<T, string>> | ((value: T) => string) }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {typeof labels === 'function' ? labels(value) : labels[value]}
    </option>
  ));
}
