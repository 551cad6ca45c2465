/** The spec's local storage key and value for "the rules were agreed to". */
const KEY = 'agreedToRules';

// Storage can be blocked (private mode, policy); the agreement then lasts until the tab reloads,
// rather than sending the student from the form back to the rules forever.
let agreedInThisTab = false;

export function hasAgreedToRules(): boolean {
  if (agreedInThisTab) return true;
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

export function agreeToRules(): void {
  agreedInThisTab = true;
  try {
    localStorage.setItem(KEY, 'true');
  } catch {
    // kept in memory above
  }
}
