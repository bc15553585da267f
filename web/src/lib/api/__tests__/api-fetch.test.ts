import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, noContent, ok } from '@/test/mock-api';
import { ApiError, errorMessage, NETWORK_ERROR_MESSAGE } from '../api-error';
import { apiFetch, apiFetchConditional, setUnauthorizedHandler } from '../api-fetch';

describe('apiFetch', () => {
  it('sends JSON with the session cookie of this origin and returns the parsed body', async () => {
    const api = mockApi({ 'POST /things': ok({ id: 7 }) });
    await expect(apiFetch('/things', { method: 'POST', body: { name: 'a' } })).resolves.toEqual({ id: 7 });
    const [url, init] = api.fetchMock.mock.calls[0];
    expect(url).toBe('/api/things');
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(api.calls('POST /things')[0].body).toEqual({ name: 'a' });
  });

  it("unwraps Strapi's { data, meta } envelope and leaves other bodies as they are", async () => {
    mockApi({
      'GET /projects': ok({ data: [{ id: 1 }], meta: { pagination: { total: 1 } } }),
      'GET /result': ok({ status: 'signed-in', profile: { id: 1 } }),
    });
    await expect(apiFetch('/projects')).resolves.toEqual([{ id: 1 }]);
    await expect(apiFetch('/result')).resolves.toEqual({ status: 'signed-in', profile: { id: 1 } });
  });

  it('answers undefined for 204 No Content', async () => {
    mockApi({ 'POST /portal-auth/logout': noContent() });
    await expect(apiFetch('/portal-auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it("throws one ApiError with the envelope's message and the validation errors by field", async () => {
    mockApi({
      'POST /portal-users': apiError(400, 'Password does not meet all requirements', {
        password: 'Password must contain at least one number',
      }),
    });
    const error = await apiFetch('/portal-users', { method: 'POST', body: {} }).catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Password does not meet all requirements', fromServer: true });
    expect((error as ApiError).fieldError('password')).toBe('Password must contain at least one number');
  });

  it("names the status when the body is not Strapi's envelope", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    const error = (await apiFetch('/anything').catch((cause: unknown) => cause)) as ApiError;
    expect(error.message).toBe('API error: 502 Bad Gateway');
    expect(errorMessage(error, 'Failed to create user')).toBe('Failed to create user');
  });

  it('reports an unreachable server with a hint about the network, CORS or the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await apiFetch('/anything').catch((cause: unknown) => cause)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.message).toMatch(/^Unable to connect to the API server/);
    expect(error.message).toMatch(/network/);
    expect(error.message).toMatch(/CORS/);
    expect(errorMessage(error, 'fallback')).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("rejects a successful answer that is not JSON as 'Invalid API response'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('not json', { status: 200 })),
    );
    await expect(apiFetch('/anything')).rejects.toThrow(/^Invalid API response: not json/);
  });

  it('tells the session about a 401 so the guards can send the user to their login', async () => {
    mockApi({ 'GET /portal-users': apiError(401, 'You are not signed in, or your session has ended') });
    const handler = vi.fn();
    const unsubscribe = setUnauthorizedHandler(handler);
    await expect(apiFetch('/portal-users')).rejects.toMatchObject({ status: 401 });
    unsubscribe();
    expect(handler).toHaveBeenCalledWith('/portal-users');
  });

  it('sends FormData as multipart, leaving the content type (and its boundary) to the browser', async () => {
    const api = mockApi({ 'POST /uploads': ok({ data: { url: '/uploads/a.png' } }, 201) });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await expect(apiFetch('/uploads', { method: 'POST', body: form })).resolves.toEqual({ url: '/uploads/a.png' });
    const [request] = api.calls('POST /uploads');
    expect(request.formData).toBe(form);
    expect(request.headers['Content-Type']).toBeUndefined();
  });
});

describe('apiFetchConditional', () => {
  it('returns the data with its ETag, then sends If-None-Match and reports 304 as not modified', async () => {
    const api = mockApi({ 'GET /list': ok({ data: [1, 2], meta: {} }) });
    api.set('GET /list', (request) =>
      request.headers['If-None-Match'] === 'W/"v1"' ? { status: 304 } : { status: 200, body: { data: [1, 2] }, headers: { ETag: 'W/"v1"' } },
    );
    await expect(apiFetchConditional('/list')).resolves.toEqual({ notModified: false, data: [1, 2], etag: 'W/"v1"' });
    await expect(apiFetchConditional('/list', { ifNoneMatch: 'W/"v1"' })).resolves.toEqual({ notModified: true });
    expect(api.calls('GET /list')[0].headers['If-None-Match']).toBeUndefined();
  });

  it('throws the same ApiError as apiFetch on a refusal', async () => {
    mockApi({ 'GET /list': apiError(404, 'Project not found') });
    await expect(apiFetchConditional('/list', { ifNoneMatch: 'W/"v1"' })).rejects.toMatchObject({ status: 404, message: 'Project not found' });
  });
});
