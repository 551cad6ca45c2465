import { describe, expect, it } from 'vitest';
import { COMMENT_CEILING, commentShare, countLines } from '../../scripts/comment-share.mjs';

describe('comment share', () => {
  it('counts line comments, block comments line by line, JSX comments, and neither blank lines nor code with a trailing comment', () => {
    const source = [
      '// why',
      'const a = 1; // trailing',
      '',
      '/**',
      ' * A guarantee.',
      ' */',
      'export const b = 2;',
      '/* one line */',
      '{/* jsx */}',
    ].join('\n');
    expect(countLines(source)).toEqual({ comments: 6, code: 2 });
  });

  it('keeps src at or under the style guide ceiling', () => {
    const { total } = commentShare(process.cwd());
    expect(total.code).toBeGreaterThan(5000);
    expect(total.comments / (total.comments + total.code)).toBeLessThanOrEqual(COMMENT_CEILING);
  });
});
