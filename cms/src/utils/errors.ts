import createError from 'http-errors';

/**
 * 409 Conflict. Strapi's ApplicationError always answers 400, while an http-errors error keeps its
 * status through Strapi's error middleware, in the same envelope.
 */
export const conflict = (message: string) => createError(409, message);
