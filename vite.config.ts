import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { inlineCss } from './scripts/inline-css.ts';
import { ICON_SIZES, pwaIcons } from './scripts/pwa-icons.ts';
import { PAGES_CACHE, SCHEDULE_CACHE } from './src/client/lib/offline-caches.ts';
import { messages } from './src/domain/text/messages.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

/** The top bar's colour (index.html's theme-color) and the page's background while the app starts. */
const THEME_COLOR = '#1d4ed8';
const BACKGROUND_COLOR = '#f8fafc';

/**
 * The built app runs on Preact's React compatibility layer instead of React DOM: the same
 * components, a tenth of the JavaScript a phone must fetch and run before the first paint
 * (docs/decisions/0030). The dev server keeps React, for Fast Refresh; the tests run the build.
 */
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // wouter's shim for React 17; Preact has the hook itself (issue 42: the bytes paid for the offline state).
  { find: /^use-sync-external-store\/shim\/index\.js$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  root: 'src/client',
  resolve: { alias: command === 'build' ? PREACT_ALIASES : [] },
  plugins: [
    react(),
    tailwindcss(),
    inlineCss(),
    pwaIcons('src/client/public/logo.svg', THEME_COLOR),
    VitePWA({
      // Registered by a deferred script after the page has loaded: it never delays the first paint.
      injectRegister: 'script-defer',
      registerType: 'autoUpdate',
      manifest: {
        name: messages.appName,
        short_name: messages.appShortName,
        description: messages.appDescription,
        lang: 'id',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: ICON_SIZES.flatMap((size) => [
          { src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
          { src: `/icons/maskable-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' },
        ]),
      },
      workbox: {
        // The app shell: scripts, styles, the logo and icons. Pages are not precached: they come
        // from the network first (below), so a new version is what the next visit gets.
        globPatterns: ['**/*.{js,css,svg,png}'],
        // The page of a first visit, kept at install (the file says why).
        // Then the pushes and their notifications' presses (0058).
        importScripts: ['/keep-page-offline.js', '/push-sw.js'],
        navigateFallback: null,
        // A new service worker takes over at once and drops the old version's files, instead of
        // waiting until every tab of the old one is closed (which on a phone may be never).
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Every page is the same app shell: one cached copy answers them all offline. Cancel
            // links (/batal…) are never cached.
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(api|batal)(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: PAGES_CACHE,
              networkTimeoutSeconds: 5,
              plugins: [
                {
                  cacheKeyWillBeUsed: async () => '/',
                  // The schedule inside the kept page is as old as the page: dropped, so the page
                  // asks for it and learns from the kept answer when it is from.
                  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                    if (!cachedResponse) return cachedResponse;
                    const html = (await cachedResponse.text()).replace(
                      /<script type="application\/json" id="first-load">[^<]*<\/script>/,
                      '',
                    );
                    return new Response(html, {
                      status: cachedResponse.status,
                      statusText: cachedResponse.statusText,
                      headers: cachedResponse.headers,
                    });
                  },
                },
              ],
            },
          },
          {
            // The last schedule, today and roster loaded, for a dead connection. GET only (POSTs
            // never match a route without a method); admin answers never match the path.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/(bookings|today|roster)$/.test(url.pathname),
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: SCHEDULE_CACHE,
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 50 },
              plugins: [
                {
                  // Tells the page this answer is the kept copy, not the server's word now.
                  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                    if (!cachedResponse) return cachedResponse;
                    const headers = new Headers(cachedResponse.headers);
                    headers.set('x-served-from-cache', '1');
                    return new Response(await cachedResponse.blob(), {
                      status: cachedResponse.status,
                      statusText: cachedResponse.statusText,
                      headers,
                    });
                  },
                },
              ],
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: '../../dist/client',
    // The server reads it to preload each page's own chunk with that page's HTML (plugins/spa.ts).
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': apiTarget, '/healthz': apiTarget },
  },
}));
