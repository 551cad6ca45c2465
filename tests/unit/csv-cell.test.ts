import { describe, expect, it } from 'vitest';
import { inertCsvCell } from '../../src/domain/text/csv-cell';

describe('inertCsvCell', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(1)', '\tSUM(1)', '\rSUM(1)'])('puts an apostrophe before %j', (cell) => {
    expect(inertCsvCell(cell)).toBe(`'${cell}`);
  });

  it.each(['Budi', '2026-12-01', '08:00', 'Rapat = penting', "'sudah", ''])('leaves %j as it is', (cell) => {
    expect(inertCsvCell(cell)).toBe(cell);
  });
});
