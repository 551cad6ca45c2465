// `npm run comments`: the share of comment lines in src/, per folder and in all, against the
// style guide's ceiling (docs/decisions/0033). Exits non-zero above the ceiling.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const COMMENT_CEILING = 0.07;

/** Comment and code lines of one TypeScript source; blank lines count as neither. */
export function countLines(source) {
  let comments = 0;
  let code = 0;
  let inBlock = false;
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (inBlock) {
      comments++;
      if (line.includes('*/')) inBlock = false;
    } else if (line.startsWith('//')) {
      comments++;
    } else if (line.startsWith('/*')) {
      comments++;
      inBlock = !line.includes('*/');
    } else if (line.startsWith('{/*') && line.endsWith('*/}')) {
      comments++;
    } else {
      code++;
    }
  }
  return { comments, code };
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Comment share per folder of `root` (two levels deep under src/server and src/client, one elsewhere), and in all. */
export function commentShare(root) {
  const folders = new Map();
  const total = { comments: 0, code: 0 };
  for (const file of sourceFiles(join(root, 'src'))) {
    const parts = relative(root, file).split('/');
    const depth = parts[1] === 'server' || parts[1] === 'client' ? 3 : 2;
    const folder = parts.slice(0, Math.min(depth, parts.length - 1)).join('/');
    const counts = countLines(readFileSync(file, 'utf8'));
    const kept = folders.get(folder) ?? { comments: 0, code: 0 };
    kept.comments += counts.comments;
    kept.code += counts.code;
    folders.set(folder, kept);
    total.comments += counts.comments;
    total.code += counts.code;
  }
  return { folders, total };
}

const share = ({ comments, code }) => comments / (comments + code || 1);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { folders, total } = commentShare(process.cwd());
  for (const [folder, counts] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `${folder.padEnd(34)} ${(share(counts) * 100).toFixed(1).padStart(5)} %  (${counts.comments} of ${counts.comments + counts.code} lines)`,
    );
  }
  const overall = share(total);
  console.log(`${'src (all)'.padEnd(34)} ${(overall * 100).toFixed(1).padStart(5)} %  (ceiling ${Math.round(COMMENT_CEILING * 100)} %)`);
  if (overall > COMMENT_CEILING) process.exit(1);
}
