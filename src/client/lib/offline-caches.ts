/** The service worker's caches (vite.config.ts): it answers from them when the network fails. `pages` is also named in public/keep-page-offline.js. */
export const SCHEDULE_CACHE = 'schedule';
export const PAGES_CACHE = 'pages';
