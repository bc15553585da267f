import { z } from 'zod';
import { AGENT_TYPES } from '../domain';

/** Spec §5 Edit agent: 'First name is required'. */
export const FIRST_NAME_REQUIRED = 'First name is required';

/** The most projects one agent's access list may name (the checklist shows every project). */
export const MAX_PROJECT_ACCESS = 1000;

const projectAccess = z.array(z.number().int().positive()).max(MAX_PROJECT_ACCESS);

/**
 * PUT portal-users/:id (admin only): the Edit Agent dialog. Strict: e-mail, role and anything else
 * cannot be set here. `revision` is the one the dialog was read at (409 when someone saved since).
 * visibleProjects: null puts the agent back on the agent type's defaults (spec §4), [] is no
 * project at all, a list narrows to those projects.
 */
export const updateUserSchema = z.strictObject({
  revision: z.number({ error: 'revision is required: send the revision the form was read at' }).int().nonnegative(),
  firstName: z
    .string()
    .max(100)
    .refine((value) => value.trim().length > 0, { error: FIRST_NAME_REQUIRED })
    .optional(),
  lastName: z.string().max(100).nullable().optional(),
  phoneNumber: z.string().max(32).nullable().optional(),
  agentType: z.enum(AGENT_TYPES).optional(),
  visibleProjects: projectAccess.nullable().optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** The 409 of a profile edit read at an older revision. */
export const STALE_USER_MESSAGE = 'This user was changed by someone else. Reload to see the latest version.';
