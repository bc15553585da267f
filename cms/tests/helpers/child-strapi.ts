import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The real server in a child process (`strapi start`, production mode, the compiled CMS in dist/),
 * for the tests that must kill it, signal it, or cut its database away.
 */
export interface ChildStrapi {
  process: ChildProcess;
  baseUrl: string;
  port: number;
  /** Everything the child printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code (or the signal name) when the child ends. */
  exited: Promise<number | string>;
  /** Ends the child if it still runs (SIGKILL) and waits for it. */
  kill: () => Promise<void>;
}

const appDir = path.resolve(__dirname, '..', '..');
// The package's exports hide bin/, so it is found next to the resolved package.json.
const strapiBin = path.join(path.dirname(require.resolve('@strapi/strapi/package.json')), 'bin', 'strapi.js');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const secret = () => crypto.randomBytes(24).toString('base64');

/** Fresh secrets for a Strapi under test; pass the same ones to a restart so sessions and keys stay valid. */
export const strapiSecrets = (): Record<string, string> => ({
  APP_KEYS: [secret(), secret()].join(','),
  API_TOKEN_SALT: secret(),
  ADMIN_JWT_SECRET: secret(),
  TRANSFER_TOKEN_SALT: secret(),
  JWT_SECRET: secret(),
  ENCRYPTION_KEY: secret(),
});

export const waitFor = async (check: () => Promise<boolean>, { timeoutMs = 120_000, intervalMs = 200, what = 'condition' } = {}) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};

/** Starts `strapi start` on a free loopback port and waits until GET /api/health/live answers. */
export const startChildStrapi = async (env: Record<string, string>): Promise<ChildStrapi> => {
  const port = await freePort();
  const outboxDir = env.OUTBOX_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-child-outbox-'));
  const child = spawn(process.execPath, [strapiBin, 'start'], {
    cwd: appDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      DEV_OUTBOX_ALLOWED: 'true',
      STRAPI_TELEMETRY_DISABLED: 'true',
      SERVE_ADMIN_PANEL: 'false',
      AUTH_RATELIMIT_ENABLED: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      OUTBOX_DIR: outboxDir,
      DATABASE_URL: '',
      // The demo's pictures (issue #26) cost seconds and write into cms/public: only where asked.
      SEED_DEMO_IMAGES: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  let ended = false;
  void exited.then(() => (ended = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const handle: ChildStrapi = {
    process: child,
    baseUrl,
    port,
    output: () => output,
    exited,
    kill: async () => {
      if (!ended) child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    await waitFor(
      async () => {
        if (ended) throw new Error(`The server exited during start:\n${output.slice(-3000)}`);
        const response = await fetch(`${baseUrl}/api/health/live`).catch(() => null);
        return response?.status === 200;
      },
      { what: 'the server to listen' },
    );
  } catch (error) {
    await handle.kill();
    throw error;
  }
  return handle;
};
