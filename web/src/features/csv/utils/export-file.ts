import { CSV_COLUMNS, CSV_TEMPLATE_HEADER, toCsv, type CsvUnitRow } from '@repo/types';

// A byte-order mark, so that Excel opens the file as UTF-8 (Arabic names, currency signs); the import ignores it.
const BOM = '\uFEFF';

/** The export's text: the import's columns, RFC 4180 quoting, formula cells neutralised (toCsv). */
export const exportCsvText = (rows: readonly CsvUnitRow[]) => `${BOM}${toCsv(rows, CSV_COLUMNS)}\r\n`;

/** units_template.csv: the header line only, so importing the untouched template creates nothing by accident. */
export const templateCsvText = () => `${BOM}${CSV_TEMPLATE_HEADER}\r\n`;

/** Hands a text file to the browser's download. */
export const downloadTextFile = (fileName: string, text: string, type = 'text/csv;charset=utf-8') => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns: give them the URL a moment longer.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
