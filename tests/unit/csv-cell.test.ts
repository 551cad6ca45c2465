import { describe, expect, it } from 'vitest';
import { inertCsvCell } from '../../src/domain/text/csv-cell';

describe('inertCsvCell', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(1)', '\tSUM(1)', '\rSUM(1)'])('puts an apostrophe before %j', (cell) => {
    expect(inertCsvCell(cell)).toBe(`'${cell}`);
  });

  it.each(['Budi', '2026-12-01', '08:00', 'Rapat = penting', "'sudah", '', 'a; b', 'kuliah;'])('leaves %j as it is', (cell) => {
    expect(inertCsvCell(cell)).toBe(cell);
  });

  it.each([
    ["kuliah;=cmd|' /C calc'!A0;", "kuliah;'=cmd|' /C calc'!A0;"],
    ['a,+1', "a,'+1"],
    ['a\t-1', "a\t'-1"],
    ['a\r@x', "a\r'@x"],
    ['a;\t=1', "a;\t'=1"],
    ['=1;=2', "'=1;'=2"],
    ['\t=1', "'\t'=1"],
  ])('neutralises a formula after a separator in %j', (cell, inert) => {
    expect(inertCsvCell(cell)).toBe(inert);
  });

  it.each([',', ';', '\t'])('leaves no part split on %j starting a formula', (separator) => {
    const cell = inertCsvCell("kuliah;=cmd|' /C calc'!A0;,+1\t-2\r@3\t\t=4");
    for (const part of cell.split(separator)) expect(part).not.toMatch(/^[\t\r]*[=+\-@]/);
  });
});
