import { stringify } from 'csv-stringify/sync';
import { inertCsvCell } from '../../domain/text/csv-cell';

// Without a byte order mark spreadsheet apps read UTF-8 as a legacy code page.
const BOM = '\uFEFF';

/** Every CSV the app sends: UTF-8 with a BOM and CRLF, as spreadsheets expect, each cell made inert (inertCsvCell). */
export function toCsv(rows: string[][]): string {
  return (
    BOM +
    stringify(
      rows.map((row) => row.map(inertCsvCell)),
      { record_delimiter: 'windows' },
    )
  );
}
