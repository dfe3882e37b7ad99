import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { saveSubscription } from './api/push-subscriptions';
import { fetchWebpushPublicKey } from './api/webpush-public-key';
import { paths } from '../../../lib/paths';

// Enabling push on this device: support, then the frame, then permission, then the subscription with
// the server's key, stored on the server. Each outcome is one toast in the product's words.

/** The page that asks for permission outside a preview frame. */
export const SUBSCRIBE_PATH = `${paths.messages}?subscribe=1`;
/** How long the service worker may take to be ready before enabling counts as failed. */
const READY_TIMEOUT_MS = 10_000;

export type PushOutcome = 'unsupported' | 'framed' | 'blocked' | 'enabled' | 'failed';

/** What the flow needs from the browser (the real one by default; tests pass their own). */
export type PushEnvironment = {
  supported: () => boolean;
  inFrame: () => boolean;
  openInNewTab: (path: string) => void;
  requestPermission: () => Promise<NotificationPermission>;
  registration: () => Promise<ServiceWorkerRegistration>;
  deviceInfo: () => string;
};

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export const browserPushEnvironment: PushEnvironment = {
  supported: () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
  inFrame: () => {
    try {
      return window.self !== window.top;
    } catch {
      return true; // a cross-origin parent cannot even be compared: framed
    }
  },
  openInNewTab: (path) => {
    window.open(path, '_blank', 'noopener');
  },
  requestPermission: () => Notification.requestPermission(),
  registration: () => withTimeout(navigator.serviceWorker.ready, READY_TIMEOUT_MS, 'The service worker'),
  deviceInfo: () => navigator.userAgent.replace(/\s+/g, ' ').slice(0, 300),
};

/** The VAPID key as PushManager takes it: base64url to bytes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Stores the browser's subscription on the server. */
async function store(subscription: PushSubscription, env: PushEnvironment): Promise<void> {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The push subscription has no endpoint or keys');
  await saveSubscription({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, deviceInfo: env.deviceInfo() });
}

/**
 * Subscribes this device to push. Needs support (service worker, PushManager, Notification) and
 * granted permission; inside a frame (a preview) the browser will not ask, so the page opens in a
 * new tab at /messages?subscribe=1, which asks there.
 */
export async function enablePush(env: PushEnvironment = browserPushEnvironment): Promise<PushOutcome> {
  if (!env.supported()) {
    notify.error('Unsupported', 'Push notifications are not supported in this browser.');
    return 'unsupported';
  }
  if (env.inFrame()) {
    env.openInNewTab(SUBSCRIBE_PATH);
    notify.info('Open in new tab', 'Allow notifications in the new tab.');
    return 'framed';
  }
  try {
    const permission = await env.requestPermission();
    if (permission !== 'granted') {
      notify.error('Notifications blocked', 'Allow notifications for this site in your browser settings.');
      return 'blocked';
    }
    const [publicKey, registration] = await Promise.all([fetchWebpushPublicKey(), env.registration()]);
    const options = { userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) };
    const subscription = await registration.pushManager.subscribe(options);
    try {
      await store(subscription, env);
    } catch (error) {
      // The browser's subscription was stored by another account signed in here before, and an
      // endpoint stays with its first account: this account gets a fresh subscription of its own.
      if (!(error instanceof ApiError && error.code === 'PUSH_ENDPOINT_TAKEN')) throw error;
      await subscription.unsubscribe();
      await store(await registration.pushManager.subscribe(options), env);
    }
    notify.success('Enabled', 'Push notifications are enabled on this device.');
    return 'enabled';
  } catch (error) {
    console.warn('Push notifications could not be enabled.', error);
    notify.error('Failed', 'Push notifications could not be enabled. Please try again.');
    return 'failed';
  }
}
