import { readFileSync } from 'node:fs';

/** With a clock file (APP_CLOCK_FILE, tests only), tests of a server process move time by writing it instead of sleeping. */
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
