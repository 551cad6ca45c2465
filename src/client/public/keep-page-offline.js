// Imported by the generated service worker (vite.config.ts, importScripts). A first visit is not
// under the worker yet, so its page never passes the network-first route that keeps pages: the
// worker fetches the page once while it installs, so the first visit is readable offline. Each new
// worker fetches it again, so the kept page names the scripts this worker has precached.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open('pages')
      .then((cache) => cache.add('/'))
      // Offline or refused now: the next online visit keeps the page instead.
      .catch(() => {}),
  );
});
