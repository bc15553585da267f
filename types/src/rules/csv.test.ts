import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  canonicalColumn,
  CSV_COLUMNS,
  CSV_TEMPLATE_HEADER,
  csvExportFileName,
  importRefusalMessage,
  importResultMessage,
  missingRequiredMessage,
  neutraliseCell,
  restoreCell,
  toCsv,
  unknownColumns,
  validateImportRows,
} from './csv';
import { createSeededRandom } from './seeded-random';

const row = (cells: Record<string, string>) => ({ unitNumber: 'A-1', unitType: 'Studio', floor: '3', price: '950000', area: '512.345', ...cells });

describe('CSV columns and texts', () => {
  it('has the template header of spec §5', () => {
    expect(CSV_TEMPLATE_HEADER).toBe('unitNumber,unitType,floor,price,area,bedrooms,bathrooms,view,description,status,features');
  });

  it('words the messages as spec §5 and §8 do', () => {
    expect(missingRequiredMessage(3)).toBe('3 rows are missing required fields (unitNumber, unitType, floor, price, area)');
    expect(importResultMessage(12, 0)).toBe('Successfully imported 12 units.');
    expect(importResultMessage(10, 2)).toBe('Imported 10 units. Failed to import 2 units.');
  });

  it('matches header cells without regard to case, spaces or a byte-order mark, and names every other column', () => {
    expect(canonicalColumn('\uFEFF UnitNumber ')).toBe('unitNumber');
    expect(unknownColumns(['unitNumber', 'id', 'projectId', 'Archived', 'saleDetails', 'images', 'isSourceUnit', 'name', 'price'])).toEqual([
      'id',
      'projectId',
      'Archived',
      'saleDetails',
      'images',
      'isSourceUnit',
      'name',
    ]);
  });

  it('names the export file with the project id and the date', () => {
    expect(csvExportFileName(7, new Date('2026-03-04T10:00:00Z'))).toBe('units_7_2026-03-04.csv');
  });
});

describe('validateImportRows', () => {
  it('defaults the name to the unit number and the status to available, and normalises numbers', () => {
    const { units, problems } = validateImportRows([row({ bathrooms: '1.5', status: '', features: 'Balcony, Pool' })]);
    expect(problems).toEqual([]);
    expect(units).toEqual([
      {
        row: 2,
        unitNumber: 'A-1',
        name: 'A-1',
        unitType: 'Studio',
        floor: '3',
        price: 950000,
        area: 512.35,
        bathrooms: 1.5,
        features: 'Balcony, Pool',
        status: 'available',
        available: true,
      },
    ]);
  });

  it('reports missing required cells on their spreadsheet row (header is row 1)', () => {
    const result = validateImportRows([
      row({}),
      row({ unitNumber: 'A-2', price: ' ', area: '' }),
      row({ unitNumber: 'A-3' }),
      row({ unitNumber: '', unitType: '' }),
    ]);
    expect(result.units.map((unit) => unit.row)).toEqual([2, 4]);
    expect(result.problems).toEqual([
      { row: 3, field: 'price', message: 'price is required' },
      { row: 3, field: 'area', message: 'area is required' },
      { row: 5, field: 'unitNumber', message: 'unitNumber is required' },
      { row: 5, field: 'unitType', message: 'unitType is required' },
    ]);
    expect(result).toMatchObject({ failedRows: 2, rowsMissingRequired: 2 });
    expect(importRefusalMessage(result)).toBe(missingRequiredMessage(2));
  });

  it('reports invalid values in the unit form’s words and accepts a capitalised status', () => {
    const result = validateImportRows([
      row({ price: '1,200', bedrooms: '1.5' }),
      row({ unitNumber: 'B', status: 'Reserved' }),
      row({ unitNumber: 'C', status: 'gone' }),
    ]);
    expect(result.problems.map((problem) => [problem.row, problem.field])).toEqual([
      [2, 'price'],
      [2, 'bedrooms'],
      [4, 'status'],
    ]);
    expect(result.units[0].status).toBe('reserved');
  });

  it('refuses unit numbers already in the project or repeated in the file, keeping the first', () => {
    const result = validateImportRows([row({ unitNumber: '101' }), row({ unitNumber: '102' }), row({ unitNumber: ' 102 ' })], ['101']);
    expect(result.units.map((unit) => unit.unitNumber)).toEqual(['102']);
    expect(result.problems).toEqual([
      { row: 2, field: 'unitNumber', message: 'Unit 101 already exists in this project' },
      { row: 4, field: 'unitNumber', message: 'Unit 102 already exists in this project' },
    ]);
    expect(importRefusalMessage(result)).toBe('2 rows could not be imported. Correct them, or import only the valid rows.');
    expect(importRefusalMessage(validateImportRows([row({})], ['A-1']))).toBe('Row 2: Unit A-1 already exists in this project');
  });

  it('skips blank rows but keeps counting them, as a spreadsheet shows them', () => {
    const result = validateImportRows([row({}), { unitNumber: '', price: ' ' }, {}, row({ unitNumber: 'B', area: '' })]);
    expect(result.units).toHaveLength(1);
    expect(result.problems).toEqual([{ row: 5, field: 'area', message: 'area is required' }]);
  });

  it('refuses cells outside the column set and rows longer than the header', () => {
    const result = validateImportRows([{ ...row({}), archived: 'true' }, { ...row({ unitNumber: 'X' }), __parsed_extra: ['oops'] } as Record<string, unknown>]);
    expect(result.problems.map((problem) => problem.field)).toEqual(['archived', 'row']);
  });

  it('drops the apostrophe an export put before a formula character', () => {
    const [unit] = validateImportRows([row({ floor: "'-1", description: "'=SUM(A1)" })]).units;
    expect(unit).toMatchObject({ floor: '-1', description: '=SUM(A1)' });
  });

  it('calls betweenRows after every 100 rows, blank ones included, and checks the same as without it', () => {
    const rows = Array.from({ length: 250 }, (_, index) => (index === 150 ? {} : row({ unitNumber: `U-${index}` })));
    let calls = 0;
    const result = validateImportRows(rows, [], () => (calls += 1));
    expect(calls).toBe(2);
    expect(result).toEqual(validateImportRows(rows));
    expect(result.units).toHaveLength(249);
    validateImportRows(rows.slice(0, 100), [], () => (calls += 1));
    expect(calls).toBe(2);
  });
});

describe('export', () => {
  it.each([
    ['=HYPERLINK("x")', `'=HYPERLINK("x")`],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM', "'@SUM"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['plain', 'plain'],
    ["'=guarded", "''=guarded"],
    ["it's", "it's"],
  ])('neutralises %j as %j', (value, expected) => {
    expect(neutraliseCell(value)).toBe(expected);
  });

  it('writes numbers as they are and absent values as empty cells', () => {
    expect([neutraliseCell(-5), neutraliseCell(1250000.5), neutraliseCell(null), neutraliseCell(undefined), neutraliseCell(Number.NaN)]).toEqual([
      '-5',
      '1250000.5',
      '',
      '',
      '',
    ]);
  });

  it('quotes per RFC 4180 with CRLF line ends', () => {
    const csv = toCsv(
      [
        { a: 'x,y', b: 'say "hi"', c: 'line\nbreak' },
        { a: 1, b: null, c: 'plain' },
      ],
      ['a', 'b', 'c'],
    );
    expect(csv).toBe('a,b,c\r\n"x,y","say ""hi""","line\nbreak"\r\n1,,plain');
  });

  it('gives back every cell, or its neutralised form, after a round trip through papaparse (seeded random strings)', () => {
    const alphabet = ['a', 'Z', '0', ' ', ',', '"', '\r', '\n', '\r\n', '=', '+', '-', '@', '\t', "'", 'é', '中', '😀', ';'];
    for (const seed of [1, 2, 3, 42, 2026]) {
      const random = createSeededRandom(seed);
      const text = () => Array.from({ length: Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const rows = Array.from({ length: 200 }, () => Object.fromEntries(CSV_COLUMNS.map((column) => [column, text()])));
      const parsed = Papa.parse<Record<string, string>>(toCsv(rows, CSV_COLUMNS), { header: true });
      expect(parsed.errors, `seed ${seed}`).toEqual([]);
      expect(parsed.data).toHaveLength(rows.length);
      parsed.data.forEach((back, index) => {
        for (const column of CSV_COLUMNS) {
          const original = rows[index][column];
          expect([original, `'${original}`], `seed ${seed} row ${index} ${column}`).toContain(back[column]);
          expect(back[column]).toBe(neutraliseCell(original));
          expect(restoreCell(back[column])).toBe(original);
        }
      });
    }
  });
});
