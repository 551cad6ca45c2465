// OWASP's CSV-injection guidance: a spreadsheet runs a cell that starts with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
// A spreadsheet that splits on `;` or a tab (Excel on Indonesian Windows) starts a cell after each of these.
const FORMULA_AFTER_SPLIT = /([,;\t\r])(?=[=+\-@])/g;

/** A `'` before a formula's first character, at the start and after every `,` `;` tab or CR: shown, never run, however it splits. */
export function inertCsvCell(text: string): string {
  const inner = text.replace(FORMULA_AFTER_SPLIT, "$1'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}
