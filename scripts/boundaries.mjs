// `npm run boundaries` (also part of `npm run lint` and `npm test`): the imports between the
// server's folders. Each folder directly under src/server is a room (a feature such as bookings/
// or fund/, or shared infrastructure such as http/ or telegram/); the files beside app.ts are the
// composition root, which may import any room. Two rules, each failing the run:
//   1. no cycle between rooms: a room may use another, never both ways (directly or round a loop);
//   2. no room imports another room's repository (`repository.ts`, `*-repository.ts`): it calls
//      that room's service, so a table is read and written by its own room only.
// Prints the count of imports for every pair of rooms. `node scripts/boundaries.mjs [SERVER_DIR]`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const serverDir = resolve(process.argv[2] ?? 'src/server');

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** The room a path under src/server belongs to; undefined for the composition root and paths outside. */
function roomOf(path) {
  const parts = relative(serverDir, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
}

const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

const counts = new Map();
const repositoryImports = [];
for (const file of sourceFiles(serverDir)) {
  const from = roomOf(file);
  if (from === undefined) continue;
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = resolve(dirname(file), specifier);
    const to = roomOf(target);
    if (to === undefined || to === from) continue;
    const key = `${from} → ${to}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (/(^|[-/])repository(\.tsx?)?$/.test(target))
      repositoryImports.push(`${relative(serverDir, file)} imports ${relative(serverDir, target)}`);
  }
}

const edges = new Map();
for (const key of counts.keys()) {
  const [from, to] = key.split(' → ');
  edges.set(from, [...(edges.get(from) ?? []), to]);
}

/** The groups of rooms that reach each other (Tarjan's strongly connected components), each of two rooms or more. */
function findCycles() {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  const visit = (room) => {
    index.set(room, index.size);
    low.set(room, index.get(room));
    stack.push(room);
    for (const next of edges.get(room) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(room, Math.min(low.get(room), low.get(next)));
      } else if (stack.includes(next)) low.set(room, Math.min(low.get(room), index.get(next)));
    }
    if (low.get(room) !== index.get(room)) return;
    const group = stack.splice(stack.indexOf(room));
    if (group.length > 1) groups.push(group.sort());
  };
  for (const room of [...edges.keys()].sort()) if (!index.has(room)) visit(room);
  return groups;
}

console.log(`imports between the rooms of ${relative(process.cwd(), serverDir) || '.'}:`);
for (const [key, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${key}: ${count}`);
const cycles = findCycles();
for (const group of cycles) {
  const inside = [...counts.keys()].filter((key) => key.split(' → ').every((room) => group.includes(room)));
  console.error(`✖ rooms that import each other round a loop: ${group.join(', ')} (${inside.join('; ')})`);
}
for (const line of repositoryImports) console.error(`✖ another room's repository: ${line}`);
if (cycles.length > 0 || repositoryImports.length > 0) process.exit(1);
console.log(`boundaries: ${counts.size} pairs of rooms, none both ways, no room reads another's repository`);
