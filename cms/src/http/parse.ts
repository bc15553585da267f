import type { z } from 'zod';
import { fieldErrors } from './errors';

/**
 * The one way a route reads its input: the zod schema of the API contract (types/src/api/*), the
 * same schema the web's form validates with, so both sides give the spec's message for the same
 * mistake. A failure is a 400 whose `details.errors` lists every field at fault with its message
 * (the form shows each on its field); the error's own message is the first of them.
 *
 * No body at all reads as an empty object: a route without input accepts it, the others fail on
 * their first required field. Schemas are strict objects, so a field the route does not know
 * ('role', 'projectId', '__proto__') is refused by name, never ignored.
 */
export const parseInput = <Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> => {
  const result = schema.safeParse(input === undefined || input === '' ? {} : input);
  if (result.success) return result.data;
  const problems = result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ field: [...issue.path, key].join('.'), message: `${key} cannot be set here` }))
      : [{ field: issue.path.length > 0 ? issue.path.join('.') : 'body', message: issue.message }],
  );
  const unknown = result.error.issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : []));
  throw fieldErrors(unknown.length > 0 ? `Unknown field: ${unknown.join(', ')}` : problems[0].message, problems);
};
