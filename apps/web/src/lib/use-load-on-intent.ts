import { useState } from 'react';

// A control whose code loads when the user reaches for it (the user menu, the small-screen drawer, a
// page's help video): until then the page shows a plain button that looks the same. Pointing at it or focusing it starts
// the download; pressing it asks for the real control, which opens once its code is in.

/** The stand-in button's handlers, and whether the user has asked for the control. */
export function useLoadOnIntent(load: () => Promise<unknown>, onRequest?: () => void) {
  const [requested, setRequested] = useState(false);
  // A failed download is the lazy component's to report, through the route error page.
  const preload = () => void load().catch(() => undefined);
  return {
    requested,
    standInProps: {
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => {
        onRequest?.();
        setRequested(true);
      },
    },
  };
}
