import { readFileSync } from 'node:fs';

/**
 * The server's clock. With a clock file (APP_CLOCK_FILE, refused in production) it reads the
 * instant written there instead of the system's, so tests of a server process move time by
 * writing the file rather than by sleeping; an empty or missing file means the real time.
 */
export function createClock(clockFile: string | undefined): () => Date {
  if (!clockFile) return () => new Date();
  return () => {
    let text = '';
    try {
      text = readFileSync(clockFile, 'utf8').trim();
    } catch {
      // Not written yet: the real time.
    }
    const at = text ? new Date(text) : new Date();
    return Number.isNaN(at.getTime()) ? new Date() : at;
  };
}
