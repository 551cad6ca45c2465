import { describe, expect, it } from 'vitest';
import { jsonForScriptElement, weekShownFor } from '../../src/domain/first-load';

describe('jsonForScriptElement', () => {
  it('escapes what could end or confuse a script element, and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> <!-- & \u2028\u2029' };
    const text = jsonForScriptElement(JSON.stringify(value));
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('weekShownFor', () => {
  it('is Monday to Sunday of the chosen day, or of today without one', () => {
    expect(weekShownFor('2026-11-22', undefined)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(weekShownFor('2026-11-22', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });
});
