import { formatArea, formatPrice, type UnitStatus } from '@repo/types';
import { UNITS_TEXT } from './messages';

/** The stacking plan's strings (issue #28), beside the table's (messages.ts). */
export const STACKING_TEXT = {
  viewLabel: 'Units view',
  table: 'Table',
  stack: 'Stacking Plan',
  print: 'Print',
  legend: 'Legend',
  floor: 'Floor',
  stackColumn: 'Stack',
  plot: 'Plot',
  tower: (building: string) => (building ? `Building ${building}` : 'Tower'),
  plots: 'Plots',
  printedOn: (date: string) => `Printed ${date}`,
  empty: 'No units to show on the stacking plan.',
  area: 'Area',
  bedrooms: 'Bedrooms',
  view: 'View',
  noImage: 'No images available',
  /** What a cell's colour says, in text: a letter in the cell and the legend. */
  statusMark: { available: 'A', sold: 'S', reserved: 'R', unavailable: 'U', occupied: 'O' } satisfies Record<UnitStatus, string>,
  legendItem: (status: UnitStatus, count: number) => `${UNITS_TEXT.statusLabels[status]} (${count})`,
  /**
   * 'Unit 1303, Penthouse, QAR 9,000,000, Unavailable': the cell's visible text (number, type, price)
   * as one run of its name, so a spoken 'click 1303 Penthouse' finds it (WCAG 2.5.3), then the status.
   */
  cellName: (unit: { unitNumber: string; status: UnitStatus; unitType: string | null; price: number | null }, visibleTo: readonly string[] | null) =>
    [`Unit ${unit.unitNumber}`, unit.unitType, formatPrice(unit.price, visibleTo), UNITS_TEXT.statusLabels[unit.status]].filter(Boolean).join(', '),
  areaText: (area: number | null) => formatArea(area) ?? '—',
} as const;
