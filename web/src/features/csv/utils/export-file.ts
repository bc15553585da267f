import { CSV_COLUMNS, CSV_TEMPLATE_HEADER, toCsv, type CsvUnitRow } from '@repo/types';
import { csvFileText } from '@/lib/download';

/** The export's text: the import's columns, RFC 4180 quoting, formula cells neutralised (toCsv). */
export const exportCsvText = (rows: readonly CsvUnitRow[]) => csvFileText(toCsv(rows, CSV_COLUMNS));

/** units_template.csv: the header line only, so importing the untouched template creates nothing by accident. */
export const templateCsvText = () => csvFileText(CSV_TEMPLATE_HEADER);
