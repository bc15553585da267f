import type { FieldError } from './field-error';
import { normaliseUnitInput, UNIT_INPUT_MESSAGES, type UnitWritable } from './unit-input';
import { pluralize } from './plural';

/** The columns an import reads (spec §5): five required, six optional. Nothing else is accepted. */
export const CSV_REQUIRED_COLUMNS = ['unitNumber', 'unitType', 'floor', 'price', 'area'] as const;
export const CSV_OPTIONAL_COLUMNS = ['bedrooms', 'bathrooms', 'view', 'description', 'status', 'features'] as const;
export const CSV_COLUMNS = [...CSV_REQUIRED_COLUMNS, ...CSV_OPTIONAL_COLUMNS] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export const CSV_TEMPLATE_FILE_NAME = 'units_template.csv';
/** The first (and only) line of units_template.csv. */
export const CSV_TEMPLATE_HEADER = CSV_COLUMNS.join(',');

/** Server limits on one import: the file is refused before it is parsed past these. */
export const CSV_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 20_000 } as const;

/** How many rows the server's import worker reads or checks between two pauses (see validateImportRows' betweenRows). */
export const CSV_ROWS_BETWEEN_PAUSES = 100;

export const CSV_MESSAGES = {
  parseError: 'Error parsing CSV file. Please check the format.',
  parseFailed: 'Failed to parse CSV file. Please check the format.',
  fileRequired: 'Please choose a CSV file to import',
  notCsv: 'The file must be a CSV file (.csv)',
  noRows: 'The CSV file has no unit rows to import',
  fileTooLarge: `The CSV file is larger than ${CSV_LIMITS.maxBytes / (1024 * 1024)} MB. Split it into smaller files.`,
  tooManyRows: `The CSV file has more than ${CSV_LIMITS.maxRows.toLocaleString('en-US')} rows. Split it into smaller files.`,
  loadForExportFailed: 'Failed to load units for export',
  noUnitsToExport: 'No units to export',
  exportFailed: 'Failed to export units. Please try again.',
  exported: 'Units exported successfully!',
  requiredCell: (column: string) => `${column} is required`,
  extraCells: 'The row has more cells than the header has columns',
  duplicate: (unitNumber: string) => `Unit ${unitNumber} already exists in this project`,
  unknownColumns: (columns: readonly string[]) => `Unknown or protected column: ${columns.join(', ')}. The import accepts only ${CSV_COLUMNS.join(', ')}.`,
} as const;

export const missingRequiredMessage = (rows: number) =>
  `${pluralize(rows, 'row')} ${rows === 1 ? 'is' : 'are'} missing required fields (${CSV_REQUIRED_COLUMNS.join(', ')})`;

/** Spec §8: the success texts of an import. */
export const importResultMessage = (imported: number, failed: number) =>
  failed === 0
    ? `Successfully imported ${pluralize(imported, 'unit')}.`
    : `Imported ${pluralize(imported, 'unit')}. Failed to import ${pluralize(failed, 'unit')}.`;

/** A problem with one cell or row. `row` is the spreadsheet row: the header is row 1, the first unit row 2. */
export interface CsvProblem extends FieldError {
  row: number;
}

export interface ImportUnit extends Partial<UnitWritable> {
  unitNumber: string;
  /** Spreadsheet row the unit came from. */
  row: number;
}

export interface ImportValidation {
  units: ImportUnit[];
  problems: CsvProblem[];
  /** How many rows have at least one problem (each is one failed unit). */
  failedRows: number;
  /** How many of those rows miss a required field. */
  rowsMissingRequired: number;
}

/** What POST /projects/:id/units/import answers in `data`. */
export interface ImportResult {
  imported: number;
  failed: number;
  problems: CsvProblem[];
  /** Problems found in all; `problems` lists at most IMPORT_PROBLEMS_LISTED of them. */
  problemCount: number;
  message: string;
}
export const IMPORT_PROBLEMS_LISTED = 1000;

const COLUMN_SET = new Set<string>(CSV_COLUMNS);
const COLUMN_BY_LOWER_CASE = new Map<string, CsvColumn>(CSV_COLUMNS.map((column) => [column.toLowerCase(), column]));

/** The column a header cell names, matched without regard to case or surrounding spaces; null for any other name. */
export const canonicalColumn = (header: string): CsvColumn | null =>
  COLUMN_BY_LOWER_CASE.get(
    header
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  ) ?? null;

/** Header cells that are not import columns (unknown, or protected such as id, projectId, archived). */
export const unknownColumns = (header: readonly string[]) => header.filter((cell) => canonicalColumn(cell) === null);

// A formula character at the start, possibly behind apostrophes an earlier export added.
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * Spreadsheet formula injection guard for exports: a text cell starting with =, +, -, @, tab or
 * carriage return is prefixed with an apostrophe so Excel and Sheets show it instead of running it.
 * A cell that already starts with apostrophes before such a character gets one more, so that
 * restoreCell undoes exactly what this did. Numbers are written as they are: a number cannot carry a formula.
 */
export const neutraliseCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
};

/** The inverse for re-imports: the apostrophe an export put before a formula character is dropped again. */
export const restoreCell = (value: string): string => (/^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

const quoteCell = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** RFC 4180 text: header line of `columns`, one line per row, CRLF line ends, cells neutralised. */
export const toCsv = (rows: readonly Record<string, unknown>[], columns: readonly string[]): string =>
  [columns.map(quoteCell).join(','), ...rows.map((row) => columns.map((column) => quoteCell(neutraliseCell(row[column]))).join(','))].join('\r\n');

/** One unit as an export writes it: the import's columns, nothing else (GET /projects/:id/units/export). */
export type CsvUnitRow = Record<CsvColumn, string | number | null>;

const NUMERIC_COLUMNS = new Set<CsvColumn>(['price', 'area', 'bedrooms', 'bathrooms']);

/**
 * A stored unit as an export row. Drivers hand decimals back as text (PostgreSQL's numeric), so the
 * numeric columns are numbers again here; a column the unit lacks is empty.
 */
export const toCsvUnitRow = (unit: Record<string, unknown>): CsvUnitRow => {
  const row = {} as CsvUnitRow;
  for (const column of CSV_COLUMNS) {
    const value = unit[column];
    if (value === undefined || value === null || value === '') row[column] = null;
    else if (NUMERIC_COLUMNS.has(column)) row[column] = Number.isFinite(Number(value)) ? Number(value) : null;
    else row[column] = String(value);
  }
  return row;
};

/**
 * How an import file is read, by the server and by the browser's preview alike (papaparse options):
 * a header row whose cells are matched to the columns without regard to case, spaces or a BOM;
 * blank lines kept so that row numbers match the spreadsheet; comma, semicolon or tab.
 */
export const CSV_PARSE_OPTIONS: {
  header: true;
  skipEmptyLines: false;
  delimitersToGuess: string[];
  transformHeader: (cell: string, index: number) => string;
} = {
  header: true,
  skipEmptyLines: false,
  delimitersToGuess: [',', ';', '\t'],
  transformHeader: (cell, index) => canonicalColumn(cell) ?? (cell.trim() || `(column ${index + 1} has no name)`),
};

/** 'units_{projectId}_{YYYY-MM-DD}.csv' (spec §2: export named with the project id and date). */
export const csvExportFileName = (projectId: number | string, date: Date) => `units_${projectId}_${date.toISOString().slice(0, 10)}.csv`;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A row with no content at all: counted for row numbers, never imported or reported. */
export const isBlankRow = (cells: Record<string, unknown>) => Object.values(cells).every(isBlank);

/**
 * Checks parsed rows (header keys already canonical; blank rows kept in place so numbering matches the sheet) and turns the good ones into units (spec §3, §5):
 * each row through normaliseUnitInput, name = unit number, status available when blank. A unit number
 * already in the project (`existingUnitNumbers`) or earlier in the file is a problem on that row.
 * `betweenRows`, if given, is called after every CSV_ROWS_BETWEEN_PAUSES rows: the server's import worker pauses there
 * while the server answers a request.
 */
export function validateImportRows(
  rows: readonly Record<string, unknown>[],
  // Stryker disable next-line ArrayDeclaration: a non-empty stand-in default only differs for a unit number spelled like Stryker's placeholder text
  existingUnitNumbers: Iterable<string> = [],
  betweenRows?: () => void,
): ImportValidation {
  const taken = new Set(existingUnitNumbers);
  const units: ImportUnit[] = [];
  const problems: CsvProblem[] = [];
  let failedRows = 0;
  let rowsMissingRequired = 0;
  rows.forEach((cells, index) => {
    if (betweenRows && index > 0 && index % CSV_ROWS_BETWEEN_PAUSES === 0) betweenRows();
    const row = index + 2;
    // A blank line is a row in a spreadsheet (so it counts for numbering) but it is not a unit.
    if (isBlankRow(cells)) return;
    const found: CsvProblem[] = [];
    const missing = CSV_REQUIRED_COLUMNS.filter((column) => isBlank(cells[column]));
    found.push(...missing.map((field) => ({ row, field, message: CSV_MESSAGES.requiredCell(field) })));
    const input: Record<string, unknown> = {};
    for (const [key, raw] of Object.entries(cells)) {
      if (isBlank(raw)) continue;
      if (key === '__parsed_extra') found.push({ row, field: 'row', message: CSV_MESSAGES.extraCells });
      else if (!COLUMN_SET.has(key)) found.push({ row, field: key, message: UNIT_INPUT_MESSAGES.unknown(key) });
      else input[key] = typeof raw === 'string' ? restoreCell(raw) : raw;
    }
    // Stryker disable next-line MethodExpression: normaliseUnitInput trims the name as it trims every text
    if (typeof input.unitNumber === 'string') input.name = input.unitNumber.trim();
    // Spreadsheets capitalise: 'Available' is read as available.
    if (typeof input.status === 'string') input.status = input.status.trim().toLowerCase();
    const { value, errors } = normaliseUnitInput(input);
    // Blank required cells are already reported above, once, in the import's own words; the name is
    // not a column but the unit number again, so its problems are the unit number's, reported once.
    found.push(...errors.filter((error) => !missing.includes(error.field as never) && error.field !== 'name').map((error) => ({ row, ...error })));
    if (value.unitNumber && found.length === 0) {
      if (taken.has(value.unitNumber)) found.push({ row, field: 'unitNumber', message: CSV_MESSAGES.duplicate(value.unitNumber) });
      else taken.add(value.unitNumber);
    }
    if (missing.length > 0) rowsMissingRequired += 1;
    if (found.length > 0) {
      failedRows += 1;
      problems.push(...found);
    } else units.push({ ...value, unitNumber: value.unitNumber as string, row });
  });
  return { units, problems, failedRows, rowsMissingRequired };
}

/** The message of an import refused as a whole (no skipInvalid). */
export const importRefusalMessage = (validation: Pick<ImportValidation, 'problems' | 'failedRows' | 'rowsMissingRequired'>) => {
  if (validation.rowsMissingRequired > 0) return missingRequiredMessage(validation.rowsMissingRequired);
  if (validation.failedRows === 1) return `Row ${validation.problems[0].row}: ${validation.problems[0].message}`;
  return `${validation.failedRows} rows could not be imported. Correct them, or import only the valid rows.`;
};
