/** Sort direction of a table column. */
export type SortDirection = 'asc' | 'desc';

type Sortable = string | number | null | undefined;

// One collator for all calls: creating one per comparison is the slow part of sorting.
// Numeric-aware so 'A2' < 'A10'; 'accent' sensitivity ignores case but keeps é apart from e.
// Stryker disable next-line StringLiteral: with no locale the collator takes the runtime's, which is English wherever the tests run
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'accent' });

function text(value: Sortable): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

function directed(result: number, direction: SortDirection): number {
  // Spelled out so an equal pair yields 0, never -0, which Object.is tells apart.
  if (result === 0) return 0;
  return direction === 'desc' ? -result : result;
}

// Compares digit strings of any length without Number's precision loss on long runs.
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Unit-number order (spec §2): by the first integer embedded in the text, then by the whole text
 * (case-insensitive, numeric-aware), so '2A' < '10', 'A-101' < 'B-101' < 'A-201'.
 * Unit numbers without any digit ('PH', 'Retail') come after all numbered ones: they are
 * the exceptions of an inventory, and listing them after the numbered run keeps floors together.
 * Blank values come last in either direction; the direction reverses everything else.
 */
export function compareUnitNumbers(a: Sortable, b: Sortable, direction: SortDirection = 'asc'): number {
  const x = text(a);
  const y = text(b);
  if (x === '' || y === '') return x === y ? 0 : x === '' ? 1 : -1;
  const dx = /\d+/.exec(x)?.[0];
  const dy = /\d+/.exec(y)?.[0];
  let result: number;
  if (dx === undefined || dy === undefined) {
    result = dx === dy ? 0 : dx === undefined ? 1 : -1;
  } else {
    result = compareDigits(dx, dy);
  }
  if (result === 0) result = collator.compare(x, y);
  // Last resort, so 'a1' and 'A1' still have one stable order.
  if (result === 0) result = x < y ? -1 : x > y ? 1 : 0;
  return directed(Math.sign(result), direction);
}

type LooseValue = { kind: 'number'; value: number } | { kind: 'text'; value: string } | { kind: 'missing' };

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;

// Strict decimal syntax on purpose: Number() would also accept '0x10' and '1e3' as floors.
function classify(value: Sortable): LooseValue {
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'missing' };
  const trimmed = text(value);
  if (trimmed === '') return { kind: 'missing' };
  const withoutGrouping = trimmed.replace(/,/g, '');
  if (DECIMAL.test(withoutGrouping)) return { kind: 'number', value: Number(withoutGrouping) };
  return { kind: 'text', value: trimmed };
}

const RANK = { number: 0, text: 1, missing: 2 } as const;

/**
 * Numeric order for price, area and floor (spec §2). Floor is free text, so numeric values
 * ('3', '12', '1,200') sort by value, then non-numeric ones ('G', 'Mezzanine') by text, then
 * blanks and nulls. Blanks stay last in either direction; the direction reverses the rest.
 */
export function compareNumericLoose(a: Sortable, b: Sortable, direction: SortDirection = 'asc'): number {
  const x = classify(a);
  const y = classify(b);
  if (x.kind === 'missing' || y.kind === 'missing') return RANK[x.kind] - RANK[y.kind];
  let result: number;
  if (x.kind === 'number' && y.kind === 'number') result = Math.sign(x.value - y.value);
  else if (x.kind === 'text' && y.kind === 'text') result = Math.sign(collator.compare(x.value, y.value));
  else result = RANK[x.kind] - RANK[y.kind];
  return directed(result, direction);
}
