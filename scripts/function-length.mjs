// `node scripts/function-length.mjs [root] [--limit N]`: the length in lines of every function in
// root (default src), .ts and .tsx, from the line of its first token to the line of its last.
// Prints the longest few; exits 1 listing every function over the limit (default 100).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const DEFAULT_LIMIT = 100;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function hasBody(node) {
  switch (node.kind) {
    case ts.SyntaxKind.FunctionDeclaration:
    case ts.SyntaxKind.FunctionExpression:
    case ts.SyntaxKind.ArrowFunction:
    case ts.SyntaxKind.MethodDeclaration:
    case ts.SyntaxKind.Constructor:
    case ts.SyntaxKind.GetAccessor:
    case ts.SyntaxKind.SetAccessor:
      return node.body !== undefined;
    default:
      return false;
  }
}

/** The function's own name, else the name it is bound to, else the call it is passed to. */
function functionName(node, sourceFile) {
  if (node.kind === ts.SyntaxKind.Constructor) return 'constructor';
  if (node.name) return node.name.getText(sourceFile);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) {
    return parent.name.getText(sourceFile);
  }
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(sourceFile)})`;
  return '(anonymous)';
}

/** Every function with a body in the source text, with its first line and its length in lines. */
export function measureSource(file, text) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (hasBody(node)) {
      const first = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
      const last = sourceFile.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, line: first + 1, name: functionName(node, sourceFile), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Every function under root, longest first. */
export function functionLengths(root) {
  const all = sourceFiles(root).flatMap((file) => measureSource(file, readFileSync(file, 'utf8')));
  return all.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

function parseArgs(args) {
  let root = 'src';
  let limit = DEFAULT_LIMIT;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--limit') {
      limit = Number(args[++i]);
      if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit takes a whole number of lines');
    } else {
      root = args[i];
    }
  }
  return { root, limit };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { root, limit } = parseArgs(process.argv.slice(2));
  const functions = functionLengths(root);
  for (const f of functions.slice(0, 5)) console.log(`${String(f.lines).padStart(5)} lines  ${f.file}:${f.line} ${f.name}`);
  const over = functions.filter((f) => f.lines > limit);
  if (over.length > 0) {
    console.error(`function length: ${over.length} function${over.length === 1 ? '' : 's'} over ${limit} lines:`);
    for (const f of over) console.error(`${f.file}:${f.line} ${f.name} ${f.lines} lines`);
    process.exit(1);
  }
  const longest = functions[0];
  console.log(
    longest
      ? `function length: longest ${longest.lines} lines (${longest.file} ${longest.name}); limit ${limit}`
      : `function length: no functions in ${root}; limit ${limit}`,
  );
}
