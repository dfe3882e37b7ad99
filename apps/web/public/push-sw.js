/* global self */
/* Web push in the app's service worker (imported by the generated /sw.js through workbox.importScripts).
   A chat push carries { title, body, conversationId, url }: it is shown as a notification, one per
   conversation (a newer one replaces the older), and a click opens the conversation in a window of the
   app, focusing one that is already open. */

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Ridgeline';
  const url = typeof payload.url === 'string' && payload.url.startsWith('/') ? payload.url : '/messages';
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    data: { url },
  };
  if (typeof payload.conversationId === 'string') {
    options.tag = payload.conversationId;
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data && typeof event.notification.data.url === 'string' ? event.notification.data.url : '/messages';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        try {
          // navigate() works for a window this worker controls; another one is opened otherwise.
          const navigated = await open.navigate(target);
          await (navigated || open).focus();
          return;
        } catch {
          // fall through to a new window
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
