import type { Market } from '../domain';

export type Currency = 'AED' | 'QAR';

export const PRICE_ON_REQUEST = 'Price on Request';
export const LOCATION_FALLBACK = 'N/A';

/** QAR when the project is visible to doha, otherwise AED (spec §9). */
export function currencyFor(visibleTo: readonly string[] | null | undefined): Currency {
  const doha: Market = 'doha';
  return (visibleTo ?? []).some((entry) => typeof entry === 'string' && entry.trim().toLowerCase() === doha) ? 'QAR' : 'AED';
}

/**
 * Rounds half away from zero to 2 decimals. The epsilon nudge makes values such as 1.005,
 * stored in binary as 1.00499999..., round the way a person reading them expects.
 */
export function roundTo2(value: number): number {
  if (!Number.isFinite(value)) return value;
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 100 * (1 + Number.EPSILON))) / 100;
  // Avoid -0, which prints as "0" but compares oddly with Object.is and in snapshots.
  return rounded === 0 ? 0 : rounded;
}

// One formatter per decimals count, made once: `toLocaleString` with options builds a new one on each
// call, some 60 times the cost of formatting, and a table of units formats two numbers per row. Made
// at the first use, not as the module loads: the first one loads the locale's data (some 30 ms on a
// phone), which a screen that shows no amount (the dashboard) should not wait for.
const formatters = new Map<number, Intl.NumberFormat>();
const grouped = (decimals: number) => {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(decimals, formatter);
  }
  return formatter;
};

/**
 * 'AED 1,250,000', or 'AED 1,250,000.50' when there are cents: a fractional price shows both
 * decimals because a money amount reading '.5' looks like a typo. Absent or non-finite prices
 * read 'Price on Request'; zero is a real price and is shown.
 */
export function formatPrice(price: number | null | undefined, visibleTo?: readonly string[] | null): string {
  if (typeof price !== 'number' || !Number.isFinite(price)) return PRICE_ON_REQUEST;
  const rounded = roundTo2(price);
  const amount = grouped(Number.isInteger(rounded) ? 0 : 2).format(rounded);
  return `${currencyFor(visibleTo)} ${amount}`;
}

/** '1,234.50 sqft'; null when there is no usable area, so the caller can hide the row. */
export function formatArea(area: number | null | undefined): string | null {
  if (typeof area !== 'number' || !Number.isFinite(area)) return null;
  const amount = grouped(2).format(roundTo2(area));
  return `${amount} sqft`;
}

/** The location as entered, or 'N/A' when there is none (spec §1). */
export function formatLocation(location: string | null | undefined): string {
  const trimmed = typeof location === 'string' ? location.trim() : '';
  return trimmed === '' ? LOCATION_FALLBACK : trimmed;
}
