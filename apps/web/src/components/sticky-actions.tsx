import type { ReactNode } from 'react';
import { SubmitButton } from './submit-button';

/**
 * The bottom action bar of a field screen: always in reach of the thumb holding the phone, above
 * the page's end (the page keeps room for it below its last field).
 */
export function StickyActions({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div
      data-sticky-actions=""
      className="sticky bottom-0 z-10 -mx-4 mt-2 border-t border-slate-300 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgba(15,23,42,0.08)] sm:-mx-6 sm:px-6"
    >
      <div className={`mx-auto flex flex-col gap-2 sm:flex-row-reverse sm:items-center ${wide ? 'max-w-4xl' : 'max-w-xl'}`}>{children}</div>
    </div>
  );
}

/** The bar with a form's one big submit button, saying `busyText` while the form submits. */
export function StickySubmit({ isSubmitting, busyText = 'Saving…', children }: { isSubmitting: boolean; busyText?: string; children: ReactNode }) {
  return (
    <StickyActions>
      <SubmitButton isSubmitting={isSubmitting} busyText={busyText} className={BIG_ACTION}>
        {children}
      </SubmitButton>
    </StickyActions>
  );
}

/** Classes for the bar's big buttons: 56 px high, full width on a phone, readable in sunlight. */
export const BIG_ACTION = 'min-h-14 w-full text-base sm:w-auto';

/** Form fields on field screens and calculators: 48 px targets and 16 px text (no zoom on focus on phones). */
export const FIELD_FORM = 'gap-5 [&_input]:min-h-12 [&_input]:text-base [&_select]:min-h-12 [&_select]:text-base [&_textarea]:text-base';
