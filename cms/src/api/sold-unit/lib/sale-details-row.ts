import { initialSaleDetails, SALE_DETAILS_FIELDS, type SaleDetails } from '@repo/types';

/** The sale-details component has a column for each named field; any other field is kept in `extra`. */
const COLUMNS = new Set<string>(SALE_DETAILS_FIELDS);

/** Maps the shared SaleDetails shape onto the sale-details component's columns. */
export const toSaleDetailsRow = (details: SaleDetails) => {
  const row: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(details)) (COLUMNS.has(field) ? row : extra)[field] = value;
  return { ...row, extra: Object.keys(extra).length > 0 ? extra : null };
};

export const initialSaleDetailsRow = (price: number | null) => toSaleDetailsRow(initialSaleDetails(price));

type StoredRow = Record<string, unknown> & { extra?: unknown };

const toNumberOrNull = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

/** The stored component back in the shared shape: extras merged in, amounts as numbers. */
export const fromSaleDetailsRow = (row: StoredRow | null | undefined): SaleDetails | null => {
  if (!row) return null;
  const extra = typeof row.extra === 'object' && row.extra !== null && !Array.isArray(row.extra) ? (row.extra as Record<string, unknown>) : {};
  const known = Object.fromEntries([...COLUMNS].map((column) => [column, row[column] ?? null]));
  return {
    ...extra,
    ...known,
    totalAmount: toNumberOrNull(row.totalAmount),
    paidAmount: toNumberOrNull(row.paidAmount),
    remainingAmount: toNumberOrNull(row.remainingAmount),
  } as SaleDetails;
};
