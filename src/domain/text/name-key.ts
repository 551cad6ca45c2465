// Case folding keeps `ı` and makes `İ` an i with a combining dot; typed names want one i for all four.
// Written as escapes: the server's bundle stays text V8 keeps one byte a character (decision 0047).
const TURKIC_I = /[\u0130\u0131]/g;

// JavaScript has no case folding, and toLowerCase leaves `ß`, `ς`, `ſ`, `ϐ`; down-up-down gives Unicode's
// CaseFolding classes for every code point (checked). Per code point, so a typed prefix stays a prefix.
function foldCodePoint(char: string): string {
  return char.toLowerCase().toUpperCase().toLowerCase();
}

/** Stored as `users.name_key` by a migration that copies this function: a change here needs a new migration. */
export function nameKey(name: string): string {
  const spaced = name.normalize('NFC').trim().replace(/\s+/g, ' ').replace(TURKIC_I, 'i');
  let folded = '';
  for (const char of spaced) folded += foldCodePoint(char);
  return folded.normalize('NFC');
}
