/**
 * The one error every API call throws, parsed from Strapi's envelope
 * `{ data: null, error: { status, name, message, details } }`. It carries no UI: screens decide
 * whether a message goes next to a field, inline or into a toast.
 */
export type FieldErrors = Record<string, string[]>;

export const NETWORK_ERROR_MESSAGE =
  'Unable to connect to the API server. Check your network connection; the server may be down, or it may not allow requests from this address (CORS).';

export interface ApiErrorInit {
  status: number;
  message: string;
  fieldErrors?: FieldErrors;
  /** True when the message is the server's own wording (the spec's), false for our fallbacks. */
  fromServer?: boolean;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status; 0 when the server could not be reached at all. */
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  readonly fromServer: boolean;

  constructor({ status, message, fieldErrors = {}, fromServer = false }: ApiErrorInit) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.fromServer = fromServer;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** The first message for a field, for a form that shows one line per field. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors[field]?.[0];
  }
}

interface ErrorEnvelope {
  error?: {
    message?: unknown;
    details?: { errors?: Array<{ path?: unknown; message?: unknown }> } | null;
  } | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Validation errors in details.errors, keyed by the first segment of their path (the form field). */
const parseFieldErrors = (details: unknown): FieldErrors => {
  const errors = isRecord(details) && Array.isArray(details.errors) ? details.errors : [];
  const fieldErrors: FieldErrors = {};
  for (const entry of errors) {
    if (!isRecord(entry) || typeof entry.message !== 'string') continue;
    const path = Array.isArray(entry.path) ? entry.path : [];
    const field = typeof path[0] === 'string' ? path[0] : '';
    if (!field) continue;
    (fieldErrors[field] ??= []).push(entry.message);
  }
  return fieldErrors;
};

/** Builds the ApiError for a non-OK response from whatever body it had (JSON envelope, HTML, nothing). */
export const apiErrorFromResponse = (status: number, statusText: string, body: unknown): ApiError => {
  const error = isRecord(body) ? (body as ErrorEnvelope).error : null;
  const message = isRecord(error) && typeof error.message === 'string' && error.message.trim() ? error.message : null;
  return new ApiError({
    status,
    message: message ?? `API error: ${status} ${statusText}`.trim(),
    fieldErrors: isRecord(error) ? parseFieldErrors(error.details) : {},
    fromServer: message !== null,
  });
};

/**
 * The message to show for a failed call: the server's wording, or the reason the server could
 * not be reached, else the screen's fallback (the spec's 'Failed to …' line).
 */
export const errorMessage = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError && (error.fromServer || error.isNetworkError)) return error.message;
  return fallback;
};

/**
 * The message of a screen (or part of one) that could not load its data: always the spec's line for
 * that screen, whatever the server answered ('Internal Server Error', a proxy's HTML, a network
 * failure); a load is not an action the user can correct from the server's wording. A 404 may have
 * its own line (e.g. 'Unit not found').
 */
export const loadFailureMessage = (error: unknown, fallback: string, notFound?: string): string =>
  notFound !== undefined && error instanceof ApiError && error.status === 404 ? notFound : fallback;
