import { describe, expect, it } from 'vitest';
import { jsonForScriptElement } from '../../src/domain/booking/first-load';

describe('jsonForScriptElement', () => {
  it('escapes what could end or confuse a script element, and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> <!-- & \u2028\u2029' };
    const text = jsonForScriptElement(JSON.stringify(value));
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
