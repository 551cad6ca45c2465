// `npm run backup` and `npm run restore`: the database commands from dist/, so they run on a production install too.
import { runBuilt } from './run-built.mjs';

await runBuilt('dist/cli/db.js');
