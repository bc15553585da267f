import { z } from 'zod';

/**
 * A flag sent as text, as query parameters and multipart fields are: 'true' or 'false', absent
 * meaning false. Anything else is a 400 on the field ('archived must be true or false').
 */
export const textFlag = (field: string) =>
  z
    .unknown()
    .optional()
    .transform((raw, context) => {
      if (raw === undefined) return false;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      context.addIssue({ code: 'custom', message: 'Must be true or false', params: { summary: `${field} must be true or false` } });
      return z.NEVER;
    });
