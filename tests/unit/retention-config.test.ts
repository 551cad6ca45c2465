import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('RETENTION_DAYS', () => {
  it('is 90 by default, a whole number of days from 1, and names itself when wrong', () => {
    const dataDir = () => mkdtempSync(join(tmpdir(), 'pinjam-config-'));
    expect(loadConfig({}, dataDir()).retentionDays).toBe(90);
    expect(loadConfig({ RETENTION_DAYS: '365' }, dataDir()).retentionDays).toBe(365);
    for (const bad of ['0', '-1', '1.5', 'x', '']) {
      expect(() => loadConfig({ RETENTION_DAYS: bad }, dataDir())).toThrow(ConfigError);
      expect(() => loadConfig({ RETENTION_DAYS: bad }, dataDir())).toThrow(/RETENTION_DAYS/);
    }
  });
});
