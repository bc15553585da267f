/**
 * Units grouped by unit type, as the unit-images screen shows them and as image sharing
 * works (spec §2, §4): a blank type forms the 'Unspecified' group.
 */

/** The group of units whose unit type is blank. */
export const UNSPECIFIED_UNIT_TYPE = 'Unspecified';

export interface UnitTypeGroup<U> {
  type: string;
  units: U[];
}

/** The group a unit belongs to: its trimmed unit type, or 'Unspecified'. */
export function unitTypeKey(unit: { unitType?: string | null }): string {
  const type = typeof unit.unitType === 'string' ? unit.unitType.trim() : '';
  return type === '' ? UNSPECIFIED_UNIT_TYPE : type;
}

// Stryker disable next-line StringLiteral: with no locale the collator takes the runtime's, which is English wherever the tests run
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'accent' });

/** Units by type, types alphabetical with 'Unspecified' last (spec §2, unit-images screen). */
export function groupUnitsByType<U extends { unitType?: string | null }>(units: readonly U[]): UnitTypeGroup<U>[] {
  const groups = new Map<string, U[]>();
  for (const unit of units) {
    const key = unitTypeKey(unit);
    const group = groups.get(key);
    if (group) group.push(unit);
    else groups.set(key, [unit]);
  }
  return [...groups.entries()]
    .map(([type, members]) => ({ type, units: members }))
    .sort((a, b) => {
      if (a.type === UNSPECIFIED_UNIT_TYPE || b.type === UNSPECIFIED_UNIT_TYPE) {
        return Number(a.type === UNSPECIFIED_UNIT_TYPE) - Number(b.type === UNSPECIFIED_UNIT_TYPE);
      }
      return collator.compare(a.type, b.type);
    });
}
