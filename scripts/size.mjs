// `npm run size`: the gzip size of all JavaScript the first load of / fetches (the entry script
// in index.html, what it preloads, and everything those import statically), against a budget.
// Exits 1 above it. Lazily loaded chunks (other pages) are not part of the first load.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfStale } from './build.mjs';

const CLIENT_DIR = 'dist/client';
export const BUDGET_BYTES = 30 * 1000;

/** Site paths of the module scripts and module preloads in index.html. */
function entryPaths(html) {
  const paths = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && url) paths.add(url);
  }
  return [...paths];
}

// `import{a as b}from"./x.js"`, `import"./x.js"` and `export{…}from"./x.js"`, but not `import("./x.js")`.
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{][^"'`()]*?from\s*)?["']([^"']+\.js)["']/g;

/** Every script the browser loads before the page runs: the entries and their static imports, transitively. */
export function firstLoadScripts(clientDir = CLIENT_DIR) {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const seen = new Set();
  const queue = entryPaths(html).map((url) => new URL(url, 'http://site/').pathname);
  while (queue.length > 0) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    const file = join(clientDir, path);
    if (!existsSync(file)) throw new Error(`index.html refers to ${path}, which the build lacks`);
    seen.add(path);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) queue.push(new URL(match[1], `http://site${path}`).pathname);
  }
  return [...seen].map((path) => {
    const content = readFileSync(join(clientDir, path));
    return { path, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildIfStale();
  const scripts = firstLoadScripts();
  const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  const rows = [
    ['script', 'raw', 'gzip'],
    ...scripts.map((script) => [script.path, kb(script.bytes), kb(script.gzipBytes)]),
    ['total (first load of /)', kb(scripts.reduce((sum, script) => sum + script.bytes, 0)), kb(total)],
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows)
    console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '));
  if (total > BUDGET_BYTES) {
    console.error(`✖ first-load JavaScript is ${kb(total)} gzip, over the budget of ${kb(BUDGET_BYTES)}`);
    process.exit(1);
  }
  console.log(`✔ within the budget of ${kb(BUDGET_BYTES)} gzip`);
}
