import { CSV_MESSAGES, CSV_TEMPLATE_FILE_NAME, importResultMessage, pluralize } from '@repo/types';

/** Every string of the Import/Export Units modal (spec §2 Import/Export, §5 CSV import, §8 CSV). */
export const IMPORT_EXPORT_TEXT = {
  open: 'Import/Export',
  title: 'Import/Export Units',
  close: 'Close',

  templateHeading: 'Template',
  templateHelp: 'Required columns: unitNumber, unitType, floor, price, area. Optional: bedrooms, bathrooms, view, description, status, features.',
  downloadTemplate: 'Download Template',
  templateFileName: CSV_TEMPLATE_FILE_NAME,

  importHeading: 'Import Units',
  importHelp: 'Choose a CSV file. You will see what it contains before anything is saved.',
  chooseFile: 'Choose CSV File',
  chooseAnother: 'Choose Another File',
  reading: 'Reading the file...',
  notifyAgents: "E-mail the project's agents one summary of the new units",
  previewHeading: (fileName: string) => `Preview of ${fileName}`,
  rowsToCreate: (count: number) => `${pluralize(count, 'unit')} to create`,
  rowsWithErrors: (count: number) => `${pluralize(count, 'row has', 'rows have')} errors`,
  alreadyExist: (count: number) => `${pluralize(count, 'unit number already exists', 'unit numbers already exist')} in this project`,
  alreadyExists: 'Already exists',
  createTableLabel: 'Rows to create',
  errorTableLabel: 'Rows with errors',
  shownOf: (shown: number, total: number) => `Showing the first ${shown} of ${total}.`,
  columns: {
    row: 'Row',
    unitNumber: 'Unit Number',
    unitType: 'Type',
    floor: 'Floor',
    price: 'Price',
    area: 'Area',
    status: 'Status',
    field: 'Field',
    message: 'Message',
  },
  importAll: (count: number) => `Import ${pluralize(count, 'Unit')}`,
  importValid: (count: number) => `Import ${pluralize(count, 'Valid Row')}`,
  nothingToImport: 'No row of this file can be imported. Correct the file and choose it again.',
  uploading: (percent: number) => `Uploading... ${percent}%`,
  importing: 'Importing units...',
  importFailed: 'Failed to import units. Please try again.',
  /** The result of an import (spec §8), worded by the same rule as the server's message. */
  imported: importResultMessage,

  exportHeading: 'Export Units',
  exportHelp: 'Downloads every unit of this project as a CSV file that can be edited and imported again.',
  exportButton: 'Export Units',
  exporting: 'Exporting...',
  ...CSV_MESSAGES,
} as const;
