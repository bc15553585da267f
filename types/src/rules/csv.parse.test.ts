import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { canonicalColumn, CSV_PARSE_OPTIONS, CSV_TEMPLATE_FILE_NAME, toCsvUnitRow, validateImportRows } from './csv';

const parse = (text: string) => Papa.parse<Record<string, string>>(text, CSV_PARSE_OPTIONS);
const row = (cells: Record<string, unknown>) => ({ unitNumber: 'A-1', unitType: 'Studio', floor: '3', price: '950000', area: '50', ...cells });

describe('CSV_PARSE_OPTIONS (how the server and the preview read a file)', () => {
  it.each([
    ['comma', ','],
    ['semicolon', ';'],
    ['tab', '\t'],
  ])('reads a %s-separated file with a header in any case', (_name, separator) => {
    const text = [['UNITNUMBER', ' unitType ', 'Floor', 'price', 'area'].join(separator), ['A-1', 'Studio', '3', '950000', '50.5'].join(separator)].join('\n');
    const parsed = parse(text);
    expect(parsed.meta.delimiter).toBe(separator);
    expect(parsed.data).toEqual([{ unitNumber: 'A-1', unitType: 'Studio', floor: '3', price: '950000', area: '50.5' }]);
  });

  it('prefers a semicolon over a comma that is only a decimal comma inside a cell', () => {
    const parsed = parse('unitNumber;price;description\nA-1;950000;"big, bright"\nA-2;1;"x, y"');
    expect(parsed.meta.delimiter).toBe(';');
  });

  it('names a header cell that has no name by its position (counted from 1), and keeps other names as written', () => {
    expect(parse('unitNumber, ,Extra \nA-1,x,y').meta.fields).toEqual(['unitNumber', '(column 2 has no name)', 'Extra']);
  });

  it('keeps blank lines, so that row numbers match the spreadsheet', () => {
    const parsed = parse('unitNumber,unitType,floor,price,area\n\nB-1,Studio,1,1,1');
    expect(parsed.data).toHaveLength(2);
    expect(validateImportRows(parsed.data).units.map((unit) => [unit.unitNumber, unit.row])).toEqual([['B-1', 3]]);
  });

  it('removes a byte-order mark only at the start of a header cell', () => {
    expect(canonicalColumn('\uFEFFprice')).toBe('price');
    expect(canonicalColumn('pri\uFEFFce')).toBeNull();
  });

  it('offers the template as units_template.csv (spec §5)', () => {
    expect(CSV_TEMPLATE_FILE_NAME).toBe('units_template.csv');
  });
});

describe('toCsvUnitRow (one unit as an export writes it)', () => {
  it('writes every import column in order, numbers as numbers (also when the driver hands back text), and an absent value as empty', () => {
    const written = toCsvUnitRow({
      id: 9,
      projectId: 2,
      unitNumber: 'A-1',
      unitType: 'Studio',
      floor: 3,
      price: '1250000.50',
      area: '',
      bedrooms: 0,
      bathrooms: 'n/a',
      view: null,
      status: 'sold',
      features: 'Pool',
    });
    expect(Object.entries(written)).toEqual([
      ['unitNumber', 'A-1'],
      ['unitType', 'Studio'],
      ['floor', '3'],
      ['price', 1250000.5],
      ['area', null],
      ['bedrooms', 0],
      ['bathrooms', null],
      ['view', null],
      ['description', null],
      ['status', 'sold'],
      ['features', 'Pool'],
    ]);
  });
});

describe('validateImportRows: cells and rows', () => {
  it('reads a null or missing cell as blank', () => {
    const result = validateImportRows([row({ floor: null, area: undefined }), { unitNumber: null, price: undefined }]);
    expect(result.problems).toEqual([
      { row: 2, field: 'floor', message: 'floor is required' },
      { row: 2, field: 'area', message: 'area is required' },
    ]);
    expect(result.failedRows).toBe(1);
  });

  it('refuses a name column: the name always comes from the unit number', () => {
    const result = validateImportRows([row({ name: 'Sky Suite' })]);
    expect(result.problems).toEqual([{ row: 2, field: 'name', message: 'name cannot be set here' }]);
  });

  it('trims the unit number it copies into the name, and reads a status with spaces and capitals', () => {
    const [unit] = validateImportRows([row({ unitNumber: ' A-7 ', status: ' Sold ' })]).units;
    expect(unit).toMatchObject({ unitNumber: 'A-7', name: 'A-7', status: 'sold' });
  });

  it('reports a row with another problem for that problem only, and does not let it take its unit number', () => {
    const result = validateImportRows([row({ unitNumber: 'D-1', price: '-5' }), row({ unitNumber: 'D-1' })], ['D-1']);
    expect(result.problems).toEqual([
      { row: 2, field: 'price', message: 'Price must be a number of 0 or more' },
      { row: 3, field: 'unitNumber', message: 'Unit D-1 already exists in this project' },
    ]);
    const fresh = validateImportRows([row({ unitNumber: 'E-1', price: '-5' }), row({ unitNumber: 'E-1' })]);
    expect(fresh.units.map((unit) => unit.row)).toEqual([3]);
  });

  it('imports a file with no existing unit numbers given', () => {
    expect(validateImportRows([row({ unitNumber: 'N-1' })]).units).toHaveLength(1);
  });
});
