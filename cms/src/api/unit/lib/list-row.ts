import type { UnitListItem, UnitStatus } from '@repo/types';

/** A row of the unit list as stored: the contract's UnitListItem, its status in the column Strapi allows (unitStatus). */
export type UnitListRow = Omit<UnitListItem, 'status'> & { unitStatus: UnitStatus };

/**
 * The columns the project table needs, and nothing else: 5,000 rows travel in one response. One
 * entry per field of UnitListRow, so a field of UnitListItem missing here, or one here it lacks,
 * fails the type check.
 */
const LIST_COLUMNS = {
  id: true,
  unitNumber: true,
  name: true,
  unitType: true,
  floor: true,
  view: true,
  area: true,
  size: true,
  price: true,
  unitStatus: true,
  bedrooms: true,
  bathrooms: true,
  updatedAt: true,
} satisfies Record<keyof UnitListRow, true>;
export const LIST_FIELDS = Object.keys(LIST_COLUMNS) as Array<keyof UnitListRow>;

/** The API speaks 'status' (Strapi 5 reserves the attribute name, so it is stored as unitStatus). */
export const toApiUnit = <Row extends { unitStatus?: unknown }>({ unitStatus, ...rest }: Row): Omit<Row, 'unitStatus'> & { status: Row['unitStatus'] } => ({
  ...rest,
  status: unitStatus,
});
