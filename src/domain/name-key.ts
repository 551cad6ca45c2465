/**
 * Dotted and dotless i fold together. Full case folding (without the Turkic option) leaves `ı`
 * alone and turns `İ` into `i` + a combining dot, so `IŞIK`, `Işık` and `ışık`, or `İLKER` and
 * `ilker`, would be different people; for matching typed names, one i for all four is right.
 */
const TURKIC_I = /[İı]/g;

/**
 * One code point's full case folding. JavaScript has no case folding of its own, and
 * `toLowerCase` alone is not it: it leaves `ß` (folds to `ss`), `ς` (to `σ`), `ſ` and `ϐ` as they
 * are. Going down, up and down again reaches the folded form: the upper step expands `ß` to `SS`
 * and merges `ς`/`σ`, the first lower step turns `ẞ` into `ß` so it expands too. Checked against
 * Unicode's CaseFolding (Python's `str.casefold`) for every assigned code point: the same
 * classes, apart from the Turkic i above (and Cherokee, which folds to its capitals where this
 * gives the small letters: the same pairs). One code point at a time, so `σ` never turns into a
 * final `ς` by its place in the word and a typed prefix stays a prefix of the key.
 */
function foldCodePoint(char: string): string {
  return char.toLowerCase().toUpperCase().toLowerCase();
}

/**
 * The key a name is matched and kept unique by: Unicode NFC, outer whitespace trimmed, inner
 * runs of whitespace as one space, and full case folding, so `Ömer Çelik`, `ÖMER ÇELIK` and
 * `ömer  çelik` are one name, as are `Straße` and `STRASSE`. Stored beside the name
 * (`users.name_key`); a migration copies this function, so a change here needs a new migration.
 */
export function nameKey(name: string): string {
  const spaced = name.normalize('NFC').trim().replace(/\s+/g, ' ').replace(TURKIC_I, 'i');
  let folded = '';
  for (const char of spaced) folded += foldCodePoint(char);
  return folded.normalize('NFC');
}
