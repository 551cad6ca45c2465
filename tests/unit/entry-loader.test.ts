import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { entryLoader, inlineCss } from '../../scripts/inline-css';
import { inlineScriptSources, inlineStyleSources } from '../../src/server/spa/inline-styles';
import { withModulePreloads } from '../../src/server/spa/page-preloads';

const BUILT = [
  '<html><head><script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/index-def.css"></head>',
  '<body><div id="shell">Pinjam Motor PPTI 21</div><div id="root"></div></body></html>',
].join('');

function transform(html: string): string {
  const { transformIndexHtml } = inlineCss();
  if (!transformIndexHtml || typeof transformIndexHtml === 'function' || !('handler' in transformIndexHtml)) throw new Error('no handler');
  const bundle = { 'assets/index-def.css': { type: 'asset', source: 'body{color:red}' } };
  return transformIndexHtml.handler.call({} as never, html, { bundle } as unknown as IndexHtmlTransformContext) as string;
}

describe('the built index.html paints before its script runs (issue 44)', () => {
  it("keeps the entry's preload inert until the loader, after the shell, runs it; the stylesheet inline", () => {
    const html = transform(BUILT);
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      '<template id="later-preloads"><link rel="modulepreload" crossorigin href="/assets/index-abc.js"></template></head>',
    );
    expect(html).toContain('<style>body{color:red}</style>');
    expect(html.indexOf('<script>')).toBeGreaterThan(html.indexOf('<div id="root"></div>'));
    expect(html).toContain(`<script>${entryLoader('/assets/index-abc.js')}</script></body>`);
  });

  it('allows exactly that loader and that stylesheet by their hashes in the Content-Security-Policy', () => {
    const dir = mkdtempSync(join(tmpdir(), 'entry-loader-'));
    try {
      writeFileSync(join(dir, 'index.html'), transform(BUILT));
      const [script] = inlineScriptSources(dir);
      expect(inlineScriptSources(dir)).toHaveLength(1);
      expect(script).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
      expect(inlineStyleSources(dir)).toHaveLength(1);
      expect(script).not.toBe(inlineStyleSources(dir)[0]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves a page without a module entry as it was', () => {
    expect(transform('<html><body><div id="root"></div></body></html>')).toBe('<html><body><div id="root"></div></body></html>');
  });

  it('puts a route’s page preloads into that template, where the loader finds them', () => {
    const html = withModulePreloads(transform(BUILT), ['/assets/form-page.js']);
    expect(html).toContain(
      '<template id="later-preloads"><link rel="modulepreload" crossorigin href="/assets/index-abc.js"><link rel="modulepreload" crossorigin href="/assets/form-page.js"></template></head>',
    );
  });
});
