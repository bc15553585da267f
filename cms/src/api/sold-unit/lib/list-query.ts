import { z } from 'zod';
import { HANDOVER_STATUSES, PAYMENT_STATUSES, PROJECT_MESSAGES, REGISTRATION_STATUSES } from '@repo/types';
import { parseId } from '../../../http/request';
import { parseQuery } from '../../../http/parse';
import { textFlag } from '../../../http/text-flag';
import type { SoldUnitFilters } from '../services/sold-unit';

const SALE_STATUSES = new Set<unknown>([...REGISTRATION_STATUSES, ...HANDOVER_STATUSES, ...PAYMENT_STATUSES]);
const UNKNOWN_SALE_STATUS = 'Unknown sale status';

/** GET /sold-units?projectId=&saleStatus=&archived=&overdue=; which parameters it takes at all is its route's config. */
const soldUnitsQuerySchema = z.strictObject({
  // Read by parseId (readSoldUnitsQuery), as a project id in a path is.
  projectId: z.unknown().optional(),
  saleStatus: z.custom<string>((value) => SALE_STATUSES.has(value), { error: UNKNOWN_SALE_STATUS }).optional(),
  archived: textFlag('archived'),
  overdue: textFlag('overdue'),
});

/** The sold units list's filters: a project id that names no project is a 404 before any filter is looked at. */
export const readSoldUnitsQuery = (query: unknown): SoldUnitFilters => {
  const rawProjectId = (query as { projectId?: unknown } | undefined)?.projectId;
  const projectId = rawProjectId === undefined ? undefined : parseId(rawProjectId, PROJECT_MESSAGES.notFound);
  const { saleStatus, archived, overdue } = parseQuery(soldUnitsQuerySchema, query);
  return { projectId, saleStatus, archived, overdue };
};
