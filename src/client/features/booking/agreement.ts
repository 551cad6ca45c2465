const KEY = 'agreedToRules';

// With storage blocked, agreeing lasts until reload rather than sending the student back to the rules forever.
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
