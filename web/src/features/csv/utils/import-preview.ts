import {
  CSV_LIMITS,
  CSV_MESSAGES,
  CSV_PARSE_OPTIONS,
  importRefusalMessage,
  isBlankRow,
  unknownColumns,
  validateImportRows,
  type CsvProblem,
  type ImportUnit,
} from '@repo/types';
import Papa from 'papaparse';

/**
 * What an import file would do, worked out in the browser before anything is sent (beyond the
 * spec: a preview). The rules are the server's own (validateImportRows with the project's unit
 * numbers), so the preview says what the server will answer; the server checks everything again.
 */
export interface ImportPreview {
  fileName: string;
  /** The rows that would become units. */
  units: ImportUnit[];
  problems: CsvProblem[];
  failedRows: number;
  /** Spreadsheet rows whose unit number is already taken in the project. */
  existingRows: Set<number>;
  /** Why the whole file would be refused, when it would be (the spec's wording); null when it imports as is. */
  refusal: string | null;
}

export type PreviewOutcome = { ok: true; preview: ImportPreview } | { ok: false; message: string };

const isCsvName = (name: string) => /\.(csv|txt)$/i.test(name.trim());

/** The checks that need no parsing, in the server's order: size, then type. */
export const checkImportFile = (file: Pick<File, 'name' | 'size'>): string | null => {
  if (file.size > CSV_LIMITS.maxBytes) return CSV_MESSAGES.fileTooLarge;
  if (!isCsvName(file.name)) return CSV_MESSAGES.notCsv;
  return null;
};

/** Builds the preview from parsed rows (header keys already canonical, blank rows kept in place). */
export const previewRows = (
  fileName: string,
  header: readonly string[],
  rows: readonly Record<string, unknown>[],
  existingUnitNumbers: Iterable<string>,
): PreviewOutcome => {
  const refused = unknownColumns(header);
  if (refused.length > 0) return { ok: false, message: CSV_MESSAGES.unknownColumns(refused) };
  const unitRows = rows.filter((row) => !isBlankRow(row)).length;
  if (unitRows === 0) return { ok: false, message: CSV_MESSAGES.noRows };
  if (unitRows > CSV_LIMITS.maxRows) return { ok: false, message: CSV_MESSAGES.tooManyRows };
  const existing = new Set(existingUnitNumbers);
  const validation = validateImportRows(rows, existing);
  const existingRows = new Set<number>();
  for (const problem of validation.problems) {
    const unitNumber = String(rows[problem.row - 2]?.unitNumber ?? '').trim();
    if (problem.field === 'unitNumber' && existing.has(unitNumber) && problem.message === CSV_MESSAGES.duplicate(unitNumber)) existingRows.add(problem.row);
  }
  return {
    ok: true,
    preview: {
      fileName,
      units: validation.units,
      problems: validation.problems,
      failedRows: validation.failedRows,
      existingRows,
      refusal: validation.failedRows > 0 ? importRefusalMessage(validation) : null,
    },
  };
};

/** Reads a chosen file with papaparse, as the server will, and previews it against the project's unit numbers. */
export const readImportFile = (file: File, existingUnitNumbers: Iterable<string>): Promise<PreviewOutcome> => {
  const early = checkImportFile(file);
  if (early) return Promise.resolve({ ok: false, message: early });
  return new Promise((resolve) => {
    Papa.parse<Record<string, unknown>>(file, {
      ...CSV_PARSE_OPTIONS,
      complete: (result) => {
        if (result.errors.some((error) => error.type === 'Quotes')) resolve({ ok: false, message: CSV_MESSAGES.parseError });
        else resolve(previewRows(file.name, result.meta.fields ?? [], result.data, existingUnitNumbers));
      },
      error: () => resolve({ ok: false, message: CSV_MESSAGES.parseFailed }),
    });
  });
};
