import { ApiError, apiErrorFromResponse, NETWORK_ERROR_MESSAGE } from './api-error';

/** The API lives on the same origin as the portal (the CMS serves both; Vite proxies it in dev). */
export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiFetchOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
}

type UnauthorizedHandler = (path: string) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Called when a request is refused with 401, so the session can find out it has ended (expired,
 * ended elsewhere) and the guards can send the user to the right login. Returns the unsubscriber.
 */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler | null) => {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
};

const readBody = async (response: Response): Promise<{ ok: true; body: unknown } | { ok: false; text: string }> => {
  const text = await response.text();
  if (text.trim() === '') return { ok: true, body: undefined };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, text };
  }
};

/**
 * Strapi answers `{ data, meta }` for its own routes; custom routes may answer the payload itself.
 * Callers get the payload either way.
 */
const unwrap = (body: unknown): unknown => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const keys = Object.keys(body);
  const isEnvelope = keys.includes('data') && keys.every((key) => key === 'data' || key === 'meta');
  return isEnvelope ? (body as { data: unknown }).data : body;
};

/**
 * The only code in the portal that calls fetch: JSON in and out, the session cookie sent along
 * (same origin), and one ApiError for every failure.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE });
  }

  const parsed = await readBody(response);
  if (!response.ok) {
    if (response.status === 401) unauthorizedHandler?.(path);
    throw apiErrorFromResponse(response.status, response.statusText, parsed.ok ? parsed.body : null);
  }
  if (!parsed.ok) {
    throw new ApiError({ status: response.status, message: `Invalid API response: ${parsed.text.slice(0, 80)}` });
  }
  return unwrap(parsed.body) as T;
}
