// Puts the app's stylesheet into index.html as a <style> element: a stylesheet link blocks the
// first paint for one more round trip, which on campus mobile data is most of a second. The
// server allows the inline style by its hash in the Content-Security-Policy
// (src/server/plugins/inline-styles.ts).
import type { Plugin } from 'vite';

export function inlineCss(): Plugin {
  return {
    name: 'pinjam-motor:inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return link;
          return `<style>${String(asset.source).trim()}</style>`;
        });
      },
    },
  };
}
