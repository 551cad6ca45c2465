import { rulesPageItems } from '../../../domain/booking/booking-rules-page';

const KEY = 'agreedToRules';
const VERSION_KEY = 'agreedRulesVersion';

// With storage blocked, agreeing lasts until reload rather than sending the student back to the rules forever.
let agreedInThisTab = false;

/** A digest of the rules' text: changing any rule asks every device to agree again, once. */
export function rulesVersion(rules: readonly string[] = rulesPageItems()): string {
  let hash = 5381;
  for (const char of rules.join('\n')) hash = (Math.imul(hash, 33) + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash.toString(36);
}

export function hasAgreedToRules(): boolean {
  if (agreedInThisTab) return true;
  try {
    if (localStorage.getItem(KEY) !== 'true') return false;
    const version = rulesVersion();
    const agreed = localStorage.getItem(VERSION_KEY);
    // An agreement from before versions were kept counts for the rules of the day it is first read.
    if (agreed === null) localStorage.setItem(VERSION_KEY, version);
    return agreed === null || agreed === version;
  } catch {
    return false;
  }
}

export function agreeToRules(): void {
  agreedInThisTab = true;
  try {
    localStorage.setItem(KEY, 'true');
    localStorage.setItem(VERSION_KEY, rulesVersion());
  } catch {
    // kept in memory above
  }
}
