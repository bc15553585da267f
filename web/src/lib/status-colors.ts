import type { UnitStatus } from '@repo/types';

/**
 * Status badge colours (spec §2 Unit detail): available green, sold grey, reserved yellow, unavailable
 * red, occupied blue. One map for every screen that shows a status (units, stacking plan, unit images).
 */
export const STATUS_PALETTE: Record<UnitStatus, string> = {
  available: 'green',
  sold: 'gray',
  reserved: 'yellow',
  unavailable: 'red',
  occupied: 'blue',
};
