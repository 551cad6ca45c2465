// `npm start`: the server from dist/, in this same process (built first when stale, except in production).
import { runBuilt } from './run-built.mjs';

await runBuilt('dist/server/main.js');
