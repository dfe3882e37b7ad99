import { useState } from 'react';
import type { ShingleVisionSuggestion } from '@ridgeline/shared/contracts/shingles';
import { NAIL_ZONE_LABELS, SEALANT_LABELS, SHINGLE_CUT_LABELS, SHINGLE_TYPE_LABELS } from '@ridgeline/shared/domain/shingle-id';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { errorText } from '../../lib/error-text';
import { useSuggestFromPhoto } from './api/vision';

// Suggestions from a photo of the shingle's face (only when the server offers them and the phone is
// online): shown as suggestions to check, never as the result. Applying them fills the form's fields,
// which the user can still change; the ranking runs only on what the form says.

export const SUGGEST_BUTTON_TEXT = 'Suggest from this photo';
export const SUGGESTIONS_HEADING = 'Suggested from the photo — check before you use them';
export const NO_SUGGESTION_TEXT = 'The photo did not show enough for a suggestion. Fill in what you see yourself.';
const NOT_SEEN = 'Not seen in the photo';

const hasAny = (suggestion: ShingleVisionSuggestion) => Object.values(suggestion).some((value) => value !== null);

export function VisionSuggestionPanel({
  suggestion,
  onApply,
  onDismiss,
}: {
  suggestion: ShingleVisionSuggestion;
  onApply: (suggestion: ShingleVisionSuggestion) => void;
  onDismiss: () => void;
}) {
  const rows: { label: string; value: string | null }[] = [
    { label: 'Type', value: suggestion.type && SHINGLE_TYPE_LABELS[suggestion.type] },
    { label: 'Cut', value: suggestion.cut && SHINGLE_CUT_LABELS[suggestion.cut] },
    { label: 'Nailing area', value: suggestion.nailZone && NAIL_ZONE_LABELS[suggestion.nailZone] },
    { label: 'Sealant pattern', value: suggestion.sealant && SEALANT_LABELS[suggestion.sealant] },
  ];
  return (
    <CardDiv role="region" aria-labelledby="vision-heading" className="flex flex-col gap-3">
      <h3 id="vision-heading" className="text-base font-semibold text-slate-900">
        {SUGGESTIONS_HEADING}
      </h3>
      {hasAny(suggestion) ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-slate-700">{row.label}</dt>
              <dd className="min-w-0 break-words text-slate-900">{row.value ?? NOT_SEEN}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-slate-800">{NO_SUGGESTION_TEXT}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {hasAny(suggestion) && <Button onClick={() => onApply(suggestion)}>Apply to the form</Button>}
        <Button variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </CardDiv>
  );
}

/** The button under the picked face photo, and its suggestions once the server answered. */
export function SuggestFromPhoto({ photo, onApply }: { photo: File; onApply: (suggestion: ShingleVisionSuggestion) => void }) {
  const suggest = useSuggestFromPhoto();
  const [shown, setShown] = useState<ShingleVisionSuggestion | null>(null);
  const ask = () =>
    suggest.mutate(photo, {
      onSuccess: (answer) => setShown(answer),
    });
  return (
    <div className="flex flex-col gap-3">
      {!shown && (
        <Button variant="secondary" className="w-full sm:w-auto sm:self-start" disabled={suggest.isPending} onClick={ask}>
          {suggest.isPending ? 'Looking at the photo…' : SUGGEST_BUTTON_TEXT}
        </Button>
      )}
      {suggest.isError && !shown && <Alert>{errorText(suggest.error)}</Alert>}
      {shown && (
        <VisionSuggestionPanel
          suggestion={shown}
          onApply={(suggestion) => {
            onApply(suggestion);
            setShown(null);
          }}
          onDismiss={() => setShown(null)}
        />
      )}
    </div>
  );
}
