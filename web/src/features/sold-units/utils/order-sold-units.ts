import { compareUnitNumbers } from '@repo/types';
import type { SoldUnit } from '../api/get-sold-units';

/** What the manager needs to know of a project: its name (for the order) and its regions (for the currency). */
export interface SoldUnitProject {
  id: number;
  name: string;
  visibleTo?: readonly string[] | null;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Projects in name order, and inside each the units in the spec's unit-number order (embedded
 * number first): the server orders by project id and unit-number text, which reads 101, 1001, 201.
 */
export const orderSoldUnits = (units: readonly SoldUnit[], projectName: (unit: SoldUnit) => string): SoldUnit[] =>
  [...units].sort((a, b) => collator.compare(projectName(a), projectName(b)) || a.projectId - b.projectId || compareUnitNumbers(a.unitNumber, b.unitNumber));
