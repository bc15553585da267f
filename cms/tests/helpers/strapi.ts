import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { createTestDatabase, type TestDatabase } from './database';
import { strapiModule } from './strapi-module';

export interface TestServer {
  strapi: Core.Strapi;
  baseUrl: string;
  database: TestDatabase;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** Seed the demo data at boot (default true, as on a first `npm start`). */
  seed?: boolean;
  env?: Record<string, string>;
}

const appDir = path.resolve(__dirname, '..', '..');

type Listener = (...args: unknown[]) => void;

/**
 * Strapi.destroy() calls process.removeAllListeners(), which also drops the test runner's IPC
 * listeners and kills the worker's channel. Keep the listeners that existed before Strapi booted.
 */
const snapshotProcessListeners = () => {
  const saved = process.eventNames().map((name) => [name, process.listeners(name) as Listener[]] as const);
  return () => {
    for (const [name, listeners] of saved) {
      const present = process.listeners(name);
      for (const listener of listeners) if (!present.includes(listener)) process.on(name, listener);
    }
  };
};
const secret = () => crypto.randomBytes(24).toString('base64');

/** Boots a real Strapi from the compiled CMS on a fresh database and listens on a free loopback port. */
export const startTestStrapi = async ({ seed = true, env = {} }: StartOptions = {}): Promise<TestServer> => {
  const database = await createTestDatabase();
  const restoreProcessListeners = snapshotProcessListeners();
  Object.assign(process.env, {
    NODE_ENV: 'test',
    STRAPI_TELEMETRY_DISABLED: 'true',
    APP_KEYS: [secret(), secret()].join(','),
    API_TOKEN_SALT: secret(),
    ADMIN_JWT_SECRET: secret(),
    TRANSFER_TOKEN_SALT: secret(),
    JWT_SECRET: secret(),
    ENCRYPTION_KEY: secret(),
    AUTH_RATELIMIT_ENABLED: 'false',
    SEED_DEMO: seed ? 'true' : 'false',
    ...database.env,
    ...env,
  });
  const strapi = await strapiModule.createStrapi({
    appDir,
    distDir: path.join(appDir, 'dist'),
    autoReload: false,
    serveAdminPanel: false,
  }).load();
  strapi.log.level = 'error';
  await strapi.server.mount();
  await new Promise<void>((resolve) => strapi.server.httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = strapi.server.httpServer.address() as AddressInfo;
  return {
    strapi,
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    stop: async () => {
      await strapi.destroy();
      restoreProcessListeners();
      await database.drop();
    },
  };
};

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A thin HTTP client over fetch: JSON in, parsed JSON (or text) out, never throws on a status. */
export const createClient = (baseUrl: string) => {
  const request = async <T = unknown>(method: string, urlPath: string, options: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${urlPath}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a page or a file): the text is the body.
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  };
  return {
    request,
    get: <T = unknown>(urlPath: string, options?: RequestOptions) => request<T>('GET', urlPath, options),
    post: <T = unknown>(urlPath: string, body?: unknown, options?: RequestOptions) => request<T>('POST', urlPath, { ...options, body }),
    put: <T = unknown>(urlPath: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', urlPath, { ...options, body }),
    del: <T = unknown>(urlPath: string, options?: RequestOptions) => request<T>('DELETE', urlPath, options),
  };
};

export type TestClient = ReturnType<typeof createClient>;

/** Signs in through the portal's sign-in route and returns the session token. */
export const signIn = async (client: TestClient, email: string, password: string): Promise<string> => {
  const response = await client.post<{ jwt?: string }>('/api/auth/local', { identifier: email, password });
  if (response.status !== 200 || !response.body?.jwt) {
    throw new Error(`Sign-in of ${email} failed with ${response.status}: ${response.text.slice(0, 200)}`);
  }
  return response.body.jwt;
};

export const DEMO = {
  admin: { email: 'admin@demo.test', password: 'Admin-Demo-2026!' },
  dubai: { email: 'dubai.agent@demo.test', password: 'Agent-Demo-2026!' },
  doha: { email: 'doha.agent@demo.test', password: 'Agent-Demo-2026!' },
  super: { email: 'super.agent@demo.test', password: 'Agent-Demo-2026!' },
  cms: { email: 'cms@demo.test', password: 'Cms-Demo-2026!' },
} as const;
