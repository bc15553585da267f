import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@repo/types';
import { strapiSecrets, startChildStrapi, waitFor, type ChildStrapi } from './helpers/child-strapi';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { startImport, unitsCsv } from './helpers/raw-import';
import { api, createClient, DEMO, signIn } from './helpers/strapi';

// Issue #9 item 4d: on SIGTERM the server stops taking new connections, finishes the requests in
// flight and exits 0. The request in flight is a CSV import whose body is still being uploaded when
// the signal arrives (Strapi's own handler would cut it off: it destroys every open connection).

let database: TestDatabase;
let server: ChildStrapi | null = null;

/** 'refused' once nothing listens on the port any more, 'accepted' while something does. */
const connectOutcome = (port: number) =>
  new Promise<'accepted' | 'refused' | string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : (error.code ?? error.message)));
  });

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startChildStrapi({ ...strapiSecrets(), ...database.env, SEED_DEMO: 'true', SHUTDOWN_GRACE_MS: '30000' });
});

afterAll(async () => {
  await server?.kill();
  await database?.drop();
});

describe('SIGTERM', () => {
  it('refuses new connections, completes the request in flight with 200, and exits 0', async () => {
    const child = server as ChildStrapi;
    const client = createClient(child.baseUrl);
    const token = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
    const created = await client.post<{ data: { id: number } }>(
      api('/projects'),
      { name: 'Shutdown Tower', location: 'Lusail, Doha', visibleTo: ['doha'] },
      { token },
    );
    expect(created.status).toBe(201);
    expect((await fetch(`${child.baseUrl}/api/health/ready`)).status).toBe(200);

    const upload = startImport(child.baseUrl, created.body.data.id, token, unitsCsv(500, 'S-'));
    await upload.send(Math.floor(upload.size / 2));
    // Let the server take the request in (headers parsed, body being read) before the signal.
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.process.kill('SIGTERM');

    await waitFor(async () => (await connectOutcome(child.port)) === 'refused', { timeoutMs: 10_000, intervalMs: 50, what: 'the port to refuse connections' });
    expect(await connectOutcome(child.port)).toBe('refused');
    // Still running: it waits for the upload.
    const stillRunning = await Promise.race([child.exited.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 300))]);
    expect(stillRunning).toBe(true);

    upload.finish();
    const response = await upload.response;
    expect(response.status).toBe(200);
    expect((JSON.parse(response.body) as { data: ImportResult }).data).toMatchObject({ imported: 500, failed: 0 });

    expect(await child.exited).toBe(0);
    expect(child.output()).toMatch(/SIGTERM received/);
  }, 120_000);
});
