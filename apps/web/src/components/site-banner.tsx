import { X } from 'lucide-react';
import { useState } from 'react';

// The site banner of the signed-in pages (its words and whether it shows are a platform admin's
// choice, read by the shell). A user can dismiss it for the day: the device remembers the day and the
// words, so it shows again tomorrow, or at once when an admin writes new words.

const DISMISSED_KEY = 'ridgeline.site-banner.dismissed';

type Dismissal = { day: string; text: string };

/** Today on this device's calendar, as YYYY-MM-DD. */
function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether these words were dismissed today on this device (storage that cannot be read counts as not). */
export function isBannerDismissedToday(text: string, storage: Pick<Storage, 'getItem'> = localStorage, now: Date = new Date()): boolean {
  try {
    const stored = JSON.parse(storage.getItem(DISMISSED_KEY) ?? 'null') as Partial<Dismissal> | null;
    return stored?.day === today(now) && stored.text === text;
  } catch {
    return false;
  }
}

/** Remembers that these words were dismissed today on this device. */
export function dismissBannerForToday(text: string, storage: Pick<Storage, 'setItem'> = localStorage, now: Date = new Date()): void {
  try {
    storage.setItem(DISMISSED_KEY, JSON.stringify({ day: today(now), text } satisfies Dismissal));
  } catch {
    // Storage full or blocked: the banner goes for this page view only.
  }
}

/** The banner with its words and a button that hides it until tomorrow. */
export function SiteBanner({ text }: { text: string }) {
  const [dismissed, setDismissed] = useState(() => isBannerDismissedToday(text));
  if (dismissed) return null;
  return (
    <div role="region" aria-label="Site notice" className="flex items-center gap-1 bg-amber-100 pl-4 text-sm text-amber-950">
      <p className="flex-1 py-1.5 sm:text-center">{text}</p>
      <button
        type="button"
        className="flex size-11 shrink-0 items-center justify-center rounded-md text-amber-950 hover:bg-amber-200 focus-visible:outline-2 focus-visible:outline-amber-900"
        onClick={() => {
          dismissBannerForToday(text);
          setDismissed(true);
        }}
      >
        <X aria-hidden="true" className="size-4" />
        <span className="sr-only">Dismiss the notice for today</span>
      </button>
    </div>
  );
}
