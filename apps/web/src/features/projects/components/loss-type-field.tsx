import { useId } from 'react';
import { classifyLossType, lossTypeLabel, type LossType } from '@ridgeline/shared/domain/loss-types';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/native-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { LossTypeOptions } from '../../../components/loss-type-options';

type LossTypeFieldProps = {
  /** The chosen loss type, or null to let Ridgeline classify the loss description. */
  value: LossType | null;
  /** Called with a type from the list, or null to go back to classifying the description. */
  onChange: (value: LossType | null) => void;
  /** The loss description as typed so far: what the classification reads. */
  description: string | null | undefined;
  /** The server's or the schema's words about the field. */
  error?: string;
  disabled?: boolean;
};

type Mode = 'list' | 'classify';

/**
 * The loss type of a claim: chosen from the list, or classified from the loss description with the
 * shared rules (shown live as "Classified as: Hail"), and a classification can be overridden by
 * choosing from the list.
 */
export function LossTypeField({ value, onChange, description, error, disabled }: LossTypeFieldProps) {
  const id = useId();
  const classified = classifyLossType(description);
  const mode: Mode = value === null ? 'classify' : 'list';
  const hasDescription = Boolean(description?.trim());

  const onMode = (next: string) => {
    if (next === mode) return;
    // Switching to the list starts from what the description says, ready to be overridden.
    onChange(next === 'list' ? classified : null);
  };

  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-slate-900">Loss type</legend>
      <Tabs value={mode} onValueChange={onMode}>
        <TabsList aria-label="How to set the loss type">
          <TabsTrigger value="list">Choose from the list</TabsTrigger>
          <TabsTrigger value="classify">Let Ridgeline classify the description</TabsTrigger>
        </TabsList>
        <TabsContent value="list" className="pt-3">
          <Field id={`${id}-select`} label="Loss type from the list" error={error}>
            <NativeSelect value={value ?? classified} onChange={(event) => onChange(event.target.value as LossType)}>
              <LossTypeOptions />
            </NativeSelect>
          </Field>
        </TabsContent>
        <TabsContent value="classify" className="flex flex-col items-start gap-2 pt-3">
          <p role="status" className="text-sm text-slate-900">
            <span className="font-semibold">Classified as: {lossTypeLabel(classified)}</span>
            {!hasDescription && <span className="block text-slate-700">Describe the loss and Ridgeline picks the type from your words.</span>}
          </p>
          <Button variant="secondary" onClick={() => onChange(classified)}>
            Choose a different type
          </Button>
        </TabsContent>
      </Tabs>
    </fieldset>
  );
}
