import type { z } from 'zod';
import { errors } from '@strapi/utils';
import { fieldErrors } from './errors';

/**
 * What a schema's custom issue may add for the server's answer (`params` of a zod custom issue):
 * - `summary`: the error's message when this problem comes first, while the field keeps the short
 *   message the form shows under it ('unitIds must hold positive whole numbers' / 'Invalid id');
 * - `formLevel`: a problem of the input as a whole, tied to no field; it names none in
 *   `details.errors`, and an error made only of such problems carries no field list at all.
 */
interface InputIssueParams {
  summary?: string;
  formLevel?: boolean;
}

const paramsOf = (issue: z.core.$ZodIssue): InputIssueParams => (issue.code === 'custom' ? ((issue.params ?? {}) as InputIssueParams) : {});

/**
 * The one way a route reads its input: the zod schema of the API contract (types/src/api/*), the
 * same schema the web's form validates with, so both sides give the spec's message for the same
 * mistake. A failure is a 400 whose `details.errors` lists every field at fault with its message
 * (the form shows each on its field); the error's own message is the first of them (or its summary).
 *
 * No body at all reads as an empty object: a route without input accepts it, the others fail on
 * their first required field. Schemas are strict objects, so a field the route does not know
 * ('role', 'projectId', '__proto__') is refused by name, never ignored.
 */
export const parseInput = <Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> => {
  const result = schema.safeParse(input === undefined || input === '' ? {} : input);
  if (result.success) return result.data;
  const { issues } = result.error;
  const problems = issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ field: [...issue.path, key].join('.'), message: `${key} cannot be set here` }));
    if (paramsOf(issue).formLevel) return [];
    return [{ field: issue.path.length > 0 ? issue.path.join('.') : 'body', message: issue.message }];
  });
  const unknown = issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : []));
  const message = unknown.length > 0 ? `Unknown field: ${unknown.join(', ')}` : (paramsOf(issues[0]).summary ?? issues[0].message);
  throw problems.length > 0 ? fieldErrors(message, problems) : new errors.ValidationError(message);
};

/**
 * A query string read with its schema, as a body is. Which parameters a route takes at all is its
 * route configuration (the global::refuse-query middleware), checked before the action runs.
 */
export const parseQuery = <Schema extends z.ZodType>(schema: Schema, query: unknown): z.output<Schema> =>
  parseInput(schema, { ...((query ?? {}) as Record<string, unknown>) });
