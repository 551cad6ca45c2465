// The app's icons for the web app manifest, drawn from the SVG logo at every build, so a new
// logo flows into the installed app without anyone exporting PNGs by hand.
import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';

export const ICON_SIZES = [192, 512] as const;

/**
 * A maskable icon is cropped by the launcher to a circle or a squircle: the logo sits inside
 * the central 80 % safe zone on a full square of `background`.
 */
function maskable(logo: string, background: string): string {
  const logoUri = `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><rect width="100" height="100" fill="${background}"/><image href="${logoUri}" x="10" y="10" width="80" height="80"/></svg>`;
}

function png(svg: string, size: number): Uint8Array {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

/** Emits icons/icon-{size}.png and icons/maskable-{size}.png into the build. */
export function pwaIcons(logoPath: string, background: string): Plugin {
  return {
    name: 'pinjam-motor:pwa-icons',
    apply: 'build',
    generateBundle() {
      const logo = readFileSync(logoPath, 'utf8');
      for (const size of ICON_SIZES) {
        this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: png(logo, size) });
        this.emitFile({ type: 'asset', fileName: `icons/maskable-${size}.png`, source: png(maskable(logo, background), size) });
      }
    },
  };
}
