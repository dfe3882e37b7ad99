import { useId, type ReactNode } from 'react';
import { Input } from './ui/input';
import { Label } from './ui/label';

/** The search box above a list of claim files or inspections to choose from: what is typed narrows the list. */
export function ChoiceSearch({ label, value, onChange }: { label: ReactNode; value: string; onChange: (typed: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        placeholder="Homeowner, address or claim number"
      />
    </div>
  );
}
