import { createElement, lazy, Suspense, useSyncExternalStore } from 'react';
import { QuietBoundary } from './quiet-boundary';
import { appToasts } from '../lib/app-toast-store';
import { NOTIFICATION_TOASTER, notificationToaster, PHONE_TOASTER } from '../lib/notification-toaster';

// The two toasters (lib/toast.ts), each mounted once its code is there rather than loaded on
// every first load (sonner and Radix's toast are a tenth of the signed-in shell's JavaScript):
// - the notification toaster as soon as code that notifies has loaded sonner (it comes with the pages
//   that have forms, lib/notification-toaster.ts); sonner also shows toasts created before it mounted;
// - the app toaster with the first app toast (they wait in their store meanwhile); the shell fetches
//   its code ahead for the users who can get one (admins and impersonation sessions).

const AppToaster = lazy(() => import('./app-toaster').then(({ AppToaster }) => ({ default: AppToaster })));

// True from the first app toast on: the toaster then stays, for the exit animation and the next toast.
let appToastShown = false;
function appToastsWanted(): boolean {
  if (!appToastShown && appToasts.get().length > 0) appToastShown = true;
  return appToastShown;
}

const phoneQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_TOASTER.query) : null);
const isPhone = () => phoneQuery()?.matches ?? false;
function subscribePhone(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Both toasters, each mounted once it can be. */
export function Toasters() {
  // The same component for the page's lifetime (sonner's Toaster, registered once).
  const notificationToasterType = useSyncExternalStore(notificationToaster.subscribe, notificationToaster.get, () => null);
  const appToastsMounted = useSyncExternalStore(appToasts.subscribe, appToastsWanted, () => false);
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  return (
    <>
      {notificationToasterType &&
        createElement(notificationToasterType, {
          position: phone ? PHONE_TOASTER.position : NOTIFICATION_TOASTER.position,
          duration: NOTIFICATION_TOASTER.duration,
          visibleToasts: NOTIFICATION_TOASTER.visibleToasts,
          gap: NOTIFICATION_TOASTER.gap,
          richColors: true,
          closeButton: true,
          // On a phone sonner sizes each toast to the screen less its margins: a fixed width there
          // (356 px) ran a toast off the right edge of a 360 px screen.
          toastOptions: phone ? {} : { style: { width: NOTIFICATION_TOASTER.width } },
        })}
      <QuietBoundary name="A toaster">
        <Suspense fallback={null}>{appToastsMounted && <AppToaster />}</Suspense>
      </QuietBoundary>
    </>
  );
}

/** Fetches the app toaster's code ahead, for a user who can get an app toast. */
export function preloadAppToaster(): void {
  import('./app-toaster').catch(() => undefined);
}
