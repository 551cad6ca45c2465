import { describe, expect, it } from 'vitest';
import { attachmentFileName } from '../../src/client/lib/http';

describe('the name a downloaded file is saved under', () => {
  it('is the one the server gave in Content-Disposition', () => {
    expect(attachmentFileName('attachment; filename="pinjam-motor-2026-11-29.ics"')).toBe('pinjam-motor-2026-11-29.ics');
  });

  it('is none when the server gave none', () => {
    for (const header of [null, '', 'attachment', 'attachment; filename=""']) expect(attachmentFileName(header)).toBeUndefined();
  });
});
