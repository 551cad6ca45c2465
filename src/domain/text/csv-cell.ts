// OWASP's CSV-injection guidance: a spreadsheet runs a cell that starts with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as a spreadsheet shows it and never runs it: a leading `'` before a formula's first character. */
export function inertCsvCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
