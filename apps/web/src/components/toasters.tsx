import { Component, createElement, lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
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

/** A toaster whose code cannot be loaded (offline before the service worker has it) shows nothing, not the error page. */
class ToasterBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('A toaster could not be loaded.', error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
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
          toastOptions: { style: { width: NOTIFICATION_TOASTER.width } },
        })}
      <ToasterBoundary>
        <Suspense fallback={null}>{appToastsMounted && <AppToaster />}</Suspense>
      </ToasterBoundary>
    </>
  );
}

/** Fetches the app toaster's code ahead, for a user who can get an app toast. */
export function preloadAppToaster(): void {
  import('./app-toaster').catch(() => undefined);
}
