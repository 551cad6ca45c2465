// `npm run roster -- …`: the roster command from dist/, so it runs on a production install too.
import { runBuilt } from './run-built.mjs';

await runBuilt('dist/cli/roster.js');
