/** The spec's messages of the unit routes (spec §5, §8), and the stale-save refusal, declared once. */
export const UNIT_NOT_FOUND = 'Unit not found';
export const STALE_UNIT_MESSAGE = 'This unit was changed by someone else. Reload to see the latest version.';
