import { ApiError, apiErrorFromResponse, NETWORK_ERROR_MESSAGE } from './api-error';

/** The API lives on the same origin as the portal (the CMS serves both; Vite proxies it in dev). */
export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiFetchOptions {
  method?: HttpMethod;
  /** JSON-serialisable data, or FormData for a multipart upload (the browser sets its boundary). */
  body?: unknown;
  signal?: AbortSignal;
}

export interface ConditionalFetchOptions {
  signal?: AbortSignal;
  /** The validator of the copy the caller holds; the server answers 304 when it is still current. */
  ifNoneMatch?: string | null;
}

/** A conditional GET's outcome: the caller's copy is current, or here is the new one with its validator. */
export type ConditionalResult<T> = { notModified: true } | { notModified: false; data: T; etag: string | null };

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

/** How long an early GET's answer may wait for the screen that asks for it. */
export const EARLY_REQUEST_MAX_AGE_MS = 10_000;

/**
 * The answer of a GET the page sent before this chunk ran (src/early.ts), once: the first GET of
 * that URL takes it while it is fresh (a full answer serves a conditional GET as well). A write
 * forgets them all: it may change the session (a sign-in, a sign-out) or the data they hold.
 */
const takeEarly = (url: string, method: HttpMethod): Promise<Response> | null => {
  const early = typeof window === 'undefined' ? undefined : window.portalEarlyRequests;
  if (!early || early.size === 0) return null;
  if (method !== 'GET') {
    early.clear();
    return null;
  }
  const request = early.get(url);
  if (!request) return null;
  early.delete(url);
  return performance.now() - request.sentAt <= EARLY_REQUEST_MAX_AGE_MS ? request.response : null;
};

const send = async (path: string, method: HttpMethod, body: unknown, signal?: AbortSignal, extraHeaders: Record<string, string> = {}) => {
  const early = takeEarly(`${API_BASE}${path}`, method);
  if (early && !signal?.aborted) {
    try {
      return await early;
    } catch {
      // The early request failed (the network dropped meanwhile): ask again below.
    }
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE });
  }
};

/** A response's payload, or the ApiError for it (a 401 also tells the session); shared with api-upload. */
export const readPayload = async <T>(path: string, response: Response): Promise<T> => {
  const parsed = await readBody(response);
  if (!response.ok) {
    if (response.status === 401) unauthorizedHandler?.(path);
    throw apiErrorFromResponse(response.status, response.statusText, parsed.ok ? parsed.body : null);
  }
  if (!parsed.ok) {
    throw new ApiError({ status: response.status, message: `Invalid API response: ${parsed.text.slice(0, 80)}` });
  }
  return unwrap(parsed.body) as T;
};

/**
 * The only code in the portal that calls fetch: JSON in and out, the session cookie sent along
 * (same origin), and one ApiError for every failure.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  return readPayload<T>(path, await send(path, method, body, signal));
}

/**
 * A GET that revalidates by ETag: with the validator of a held copy the server may answer 304
 * without a body, which is what keeps re-reading a large list cheap.
 */
export async function apiFetchConditional<T>(path: string, options: ConditionalFetchOptions = {}): Promise<ConditionalResult<T>> {
  const { ifNoneMatch, signal } = options;
  const response = await send(path, 'GET', undefined, signal, ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {});
  if (response.status === 304) return { notModified: true };
  const data = await readPayload<T>(path, response);
  return { notModified: false, data, etag: response.headers.get('ETag') };
}
