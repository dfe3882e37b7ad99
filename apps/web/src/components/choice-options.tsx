/** The options of a select, one a choice (its value, named by its label), after whatever option the select starts with. */
export function ChoiceOptions({ choices }: { choices: readonly { value: string; label: string }[] }) {
  return choices.map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ));
}
