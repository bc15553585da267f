import createError from 'http-errors';

/**
 * 409 Conflict. Strapi's ApplicationError always answers 400, while an http-errors error keeps its
 * status through Strapi's error middleware, in the same envelope.
 */
export const conflict = (message: string) => createError(409, message);

/** 413 Payload Too Large, in Strapi's error envelope (an upload over a route's own limit). */
export const payloadTooLarge = (message: string) => createError(413, message);

/** 503 Service Unavailable, in Strapi's error envelope (the database cannot be reached). */
export const serviceUnavailable = (message: string) => createError(503, message);
