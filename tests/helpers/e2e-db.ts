import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Browser tests run the real server on a SQLite file of their own, which the server migrates itself. */
export async function createE2eDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'pinjam-e2e-'));
  return { url: `file:${join(dir, 'e2e.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}
