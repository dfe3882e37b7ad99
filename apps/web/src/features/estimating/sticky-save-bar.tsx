import type { ReactNode } from 'react';

/** The calculator's action bar: kept at the bottom of the screen, in reach of the thumb holding the phone. */
export function StickySaveBar({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-2 border-t border-slate-300 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgba(15,23,42,0.08)] sm:-mx-6 sm:px-6">
      <div className="mx-auto flex max-w-2xl flex-col gap-2 sm:flex-row-reverse sm:items-center">{children}</div>
    </div>
  );
}

/** Classes of the bar's big buttons and links: 56 px high, full width on a phone. */
export const BIG_ACTION = 'min-h-14 w-full text-base sm:w-auto';

/** Calculator boxes: 48 px targets and 16 px text (no zoom on focus on phones). */
export const CALCULATOR_FORM = 'gap-5 [&_input]:min-h-12 [&_input]:text-base [&_select]:min-h-12 [&_select]:text-base [&_textarea]:text-base';
