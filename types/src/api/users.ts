import { z } from 'zod';
import { AGENT_TYPES, ROLES } from '../domain';
import { normalisePhone, validateCreateUser, VALIDATION_MESSAGES } from '../rules/validation';
import { hasControlCharacters, TEXT_MESSAGES } from '../rules/text';

/** Spec §5 Edit agent: 'First name is required'. */
export const FIRST_NAME_REQUIRED = 'First name is required';

/** The most projects one agent's access list may name (the checklist shows every project). */
export const MAX_PROJECT_ACCESS = 1000;

/** Record ids are positive 32-bit integers (PostgreSQL's integer id column). */
const recordId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const projectAccess = z.array(recordId).max(MAX_PROJECT_ACCESS);
const required = (max: number) => z.string({ error: VALIDATION_MESSAGES.requiredFields }).max(max);
/** Names and phone numbers are one line (issue #25 finding 10): no control character, by the shared rule. */
const oneLine = <Schema extends z.ZodString>(schema: Schema, label: string) =>
  schema.refine((text) => !hasControlCharacters(text, 'single-line'), TEXT_MESSAGES.singleLine(label));

/**
 * POST portal-users (admin only): the Create New User form (spec §2, §5). Strict, and every rule of
 * validateCreateUser with the spec's message on its field: 'All required fields must be filled',
 * 'Please enter a valid email address', the password rules, 'Passwords do not match'. The server
 * reads the body with it, and the form validates with it, so both say the same.
 */
export const createUserSchema = z
  .strictObject({
    email: required(254),
    password: required(256),
    confirmPassword: required(256),
    firstName: oneLine(required(100), 'First Name'),
    lastName: oneLine(z.string().max(100), 'Last Name').nullable().optional(),
    phoneNumber: oneLine(z.string().max(32), 'Phone Number').nullable().optional(),
    role: z.enum(ROLES),
    /** Agents only; ignored (stored as null) for admins. */
    agentType: z.enum(AGENT_TYPES).nullable().optional(),
    /** Absent or null: the agent type's defaults (spec §4); [] means no project at all. */
    visibleProjects: projectAccess.nullable().optional(),
  })
  .superRefine((input, ctx) => {
    for (const problem of validateCreateUser(input)) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    if (input.phoneNumber?.trim() && !normalisePhone(input.phoneNumber).ok) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: VALIDATION_MESSAGES.invalidPhone });
    }
  });
/** What POST portal-users takes, once the schema has read it (field errors carry the spec §5 messages). */
export type CreateUserInput = z.output<typeof createUserSchema>;
/** What the Create New User form holds before the schema has read it. */
export type CreateUserFormInput = z.input<typeof createUserSchema>;

/**
 * PUT portal-users/:id (admin only): the Edit Agent dialog. Strict: e-mail, role and anything else
 * cannot be set here. `revision` is the one the dialog was read at (409 when someone saved since).
 * visibleProjects: null puts the agent back on the agent type's defaults (spec §4), [] is no
 * project at all, a list narrows to those projects.
 */
export const updateUserSchema = z.strictObject({
  revision: z.number({ error: 'revision is required: send the revision the form was read at' }).int().nonnegative(),
  firstName: oneLine(z.string().max(100), 'First Name')
    .refine((value) => value.trim().length > 0, { error: FIRST_NAME_REQUIRED })
    .optional(),
  lastName: oneLine(z.string().max(100), 'Last Name').nullable().optional(),
  phoneNumber: oneLine(z.string().max(32), 'Phone Number').nullable().optional(),
  agentType: z.enum(AGENT_TYPES).optional(),
  visibleProjects: projectAccess.nullable().optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** The 409 of a profile edit read at an older revision. */
export const STALE_USER_MESSAGE = 'This user was changed by someone else. Reload to see the latest version.';
