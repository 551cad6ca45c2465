// `npm start`: build what is missing or stale, then run the server in this same process.

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './build.mjs';

await buildIfStale();
await import(pathToFileURL(resolve('dist/server/main.js')).href);
