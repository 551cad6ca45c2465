import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function hashesOf(clientDir: string, element: RegExp): string[] {
  const indexPath = join(clientDir, 'index.html');
  if (!existsSync(indexPath)) return [];
  const html = readFileSync(indexPath, 'utf8');
  return [...html.matchAll(element)].map(
    ([, text]) =>
      `'sha256-${createHash('sha256')
        .update(text ?? '')
        .digest('base64')}'`,
  );
}

/** CSP sources of the <style> elements the build put into index.html (scripts/inline-css.ts). */
export function inlineStyleSources(clientDir: string): string[] {
  return hashesOf(clientDir, /<style>([\s\S]*?)<\/style>/g);
}

/** CSP sources of the build's entry loader, the one <script> without attributes in index.html (scripts/inline-css.ts). */
export function inlineScriptSources(clientDir: string): string[] {
  return hashesOf(clientDir, /<script>([\s\S]*?)<\/script>/g);
}
