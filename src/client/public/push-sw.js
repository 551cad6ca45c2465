// Imported by the generated service worker (vite.config.ts, importScripts): Web Push (0058). A push
// shows the server's text; an offer's `Ambil` / `Lewati` opens the app at a URL whose card presses
// it with this device's secret (which lives in the page's storage, not here) and keeps the booking.
self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : undefined;
  } catch {
    message = undefined;
  }
  if (!message || typeof message.body !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: { offerId: message.offerId },
      actions: Array.isArray(message.actions) ? message.actions : [],
    }),
  );
});

function offerUrl(offerId, action) {
  if (typeof offerId !== 'number' || (action !== 'take' && action !== 'skip')) return '/';
  return `/?tawaran=${offerId}&aksi=${action}`;
}

async function openApp(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if ('navigate' in client) {
      const navigated = await client.navigate(url).catch(() => null);
      if (navigated) return navigated.focus();
    }
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const offerId = event.notification.data ? event.notification.data.offerId : undefined;
  event.waitUntil(openApp(offerUrl(offerId, event.action)));
});
