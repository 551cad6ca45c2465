// How production runs the server: the environment and Node flags of package.json's `start`
// script (the Dockerfile repeats them; tests/unit/server-runtime.test.ts holds the two equal). The
// bench starts the server with them, so what it measures is what production runs (decision 0040).
import { readFileSync } from 'node:fs';

export function productionRuntime() {
  const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  const words = start.split(/\s+/);
  const node = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, node).map((word) => word.split('=')));
  const nodeArgs = words.slice(node + 1).filter((word) => word.startsWith('--'));
  return { env, nodeArgs };
}
