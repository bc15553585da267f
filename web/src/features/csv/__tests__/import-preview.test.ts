import { CSV_LIMITS, CSV_PARSE_OPTIONS, CSV_TEMPLATE_HEADER } from '@repo/types';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { checkImportFile, previewRows } from '../utils/import-preview';
import { exportCsvText, templateCsvText } from '../utils/export-file';

/** Parses text exactly as readImportFile does, without a File. */
const preview = (text: string, existing: string[] = []) => {
  const parsed = Papa.parse<Record<string, unknown>>(text, CSV_PARSE_OPTIONS);
  return previewRows('units.csv', parsed.meta.fields ?? [], parsed.data, existing);
};
const csv = (...lines: string[]) => [CSV_TEMPLATE_HEADER, ...lines].join('\r\n');

describe('import preview', () => {
  it('splits the rows into units to create and rows with errors, numbered as in the spreadsheet', () => {
    const outcome = preview(csv('A-1,Studio,1,500000,400', 'A-2,Studio,,500000,400', '', 'A-3,Studio,2,abc,400'));
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.preview.units.map((unit) => [unit.row, unit.unitNumber])).toEqual([[2, 'A-1']]);
    expect(outcome.preview.problems.map((problem) => [problem.row, problem.field])).toEqual([
      [3, 'floor'],
      [5, 'price'],
    ]);
    expect(outcome.preview.failedRows).toBe(2);
    // The spec's message for rows missing required fields (§5).
    expect(outcome.preview.refusal).toBe('1 row is missing required fields (unitNumber, unitType, floor, price, area)');
  });

  it('flags unit numbers that already exist in the project, but not numbers repeated within the file', () => {
    const outcome = preview(csv('B-1,Studio,1,1,1', 'B-2,Studio,1,1,1', 'B-2,Studio,1,1,1'), ['B-1']);
    if (!outcome.ok) throw new Error(outcome.message);
    expect([...outcome.preview.existingRows]).toEqual([2]);
    expect(outcome.preview.problems.map((problem) => problem.row)).toEqual([2, 4]);
    expect(outcome.preview.units.map((unit) => unit.unitNumber)).toEqual(['B-2']);
  });

  it('refuses unknown or protected columns, a file without unit rows and one over the row limit, as the server would', () => {
    const protectedColumn = preview(['unitNumber,unitType,floor,price,area,archived', 'C-1,Studio,1,1,1,true'].join('\n'));
    expect(protectedColumn).toEqual({ ok: false, message: expect.stringContaining('Unknown or protected column: archived') });
    expect(preview(CSV_TEMPLATE_HEADER)).toEqual({ ok: false, message: 'The CSV file has no unit rows to import' });
    const many = csv(...Array.from({ length: CSV_LIMITS.maxRows + 1 }, (_, index) => `D-${index},Studio,1,1,1`));
    expect(preview(many)).toEqual({ ok: false, message: expect.stringContaining('more than 20,000 rows') });
  });

  it('reads headers without regard to case, spaces or a byte-order mark, and its own template and export', () => {
    const outcome = preview('\uFEFF UNITNUMBER ,unittype,Floor,PRICE,area\nE-1,Studio,1,1,1');
    expect(outcome.ok && outcome.preview.units[0].unitNumber).toBe('E-1');
    expect(preview(templateCsvText())).toEqual({ ok: false, message: 'The CSV file has no unit rows to import' });
    const row = {
      unitNumber: 'E-2',
      unitType: 'Villa',
      floor: 'G',
      price: 2,
      area: 3,
      bedrooms: null,
      bathrooms: null,
      view: '=cmd',
      description: 'a, "b"',
      status: 'sold',
      features: null,
    };
    const again = preview(exportCsvText([row]));
    if (!again.ok) throw new Error(again.message);
    expect(again.preview.units[0]).toMatchObject({ unitNumber: 'E-2', view: '=cmd', description: 'a, "b"', status: 'sold', price: 2, area: 3 });
  });

  it('checks size and type before reading a byte', () => {
    expect(checkImportFile({ name: 'units.csv', size: CSV_LIMITS.maxBytes + 1 })).toMatch(/larger than 5 MB/);
    expect(checkImportFile({ name: 'units.xlsx', size: 10 })).toBe('The file must be a CSV file (.csv)');
    expect(checkImportFile({ name: 'units.CSV', size: 10 })).toBeNull();
  });
});
