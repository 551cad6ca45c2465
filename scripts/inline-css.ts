// Puts the app's stylesheet into index.html as a <style> element: a stylesheet link blocks the
// first paint for one more round trip, which on campus mobile data is most of a second. The
// server allows the inline style by its hash in the Content-Security-Policy
// (src/server/plugins/inline-styles.ts). The module preloads wait in a <template>, inert, and a
// small inline loader puts them in the head and runs the entry after the first frame: the page's
// shell (index.html) paints with the HTML, as a static page does, without twenty script requests
// queued ahead of it, and the app draws over it (issue 44, docs/decisions/0059).
import type { Plugin } from 'vite';

export const LATER_PRELOADS_ID = 'later-preloads';

/** After the first paint (or at once in a hidden tab, which paints nothing): the preloads, then the app's entry. */
export function entryLoader(entry: string): string {
  return `(function(){function s(){var t=document.getElementById("${LATER_PRELOADS_ID}");if(t)document.head.appendChild(t.content);var e=document.createElement("script");e.type="module";e.crossOrigin="";e.src=${JSON.stringify(entry)};document.body.appendChild(e)}document.hidden?s():requestAnimationFrame(function(){setTimeout(s)})})()`;
}

/** Every module preload of the head, gathered where the loader finds them. */
function deferPreloads(html: string): string {
  const links = html.match(/<link rel="modulepreload"[^>]*>\s*/g) ?? [];
  if (links.length === 0) return html;
  const rest = links.reduce((page, link) => page.replace(link, ''), html);
  return rest.replace('</head>', `<template id="${LATER_PRELOADS_ID}">${links.map((link) => link.trim()).join('')}</template></head>`);
}

export function inlineCss(): Plugin {
  return {
    name: 'pinjam-motor:inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        let entry: string | undefined;
        const page = html
          .replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, fileName: string) => {
            const asset = bundle[fileName];
            if (asset?.type !== 'asset') return link;
            return `<style>${String(asset.source).trim()}</style>`;
          })
          .replace(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/, (_, src: string) => {
            entry = src;
            return `<link rel="modulepreload" crossorigin href="${src}">`;
          })
          .replace('</body>', () => (entry ? `<script>${entryLoader(entry)}</script></body>` : '</body>'));
        return entry ? deferPreloads(page) : page;
      },
    },
  };
}
