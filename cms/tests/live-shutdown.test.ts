import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strapiSecrets, startChildStrapi, type ChildStrapi } from './helpers/child-strapi';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { openEventStream } from './helpers/event-stream';
import { api, createClient, DEMO, signIn } from './helpers/strapi';

// Issue #27 item 6: an event stream never ends by itself, so the graceful shutdown closes the streams
// first. Were they left open, the server would wait out its whole grace (30 s here) and exit 1.

let database: TestDatabase;
let server: ChildStrapi | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startChildStrapi({ ...strapiSecrets(), ...database.env, SEED_DEMO: 'true', SHUTDOWN_GRACE_MS: '30000' });
});

afterAll(async () => {
  await server?.kill();
  await database?.drop();
});

describe('SIGTERM with event streams open', () => {
  it('closes the streams first, then exits 0 without waiting out the grace', async () => {
    const child = server as ChildStrapi;
    const client = createClient(child.baseUrl);
    const agent = await signIn(client, DEMO.dubai.email, DEMO.dubai.password);
    const admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
    const streams = await Promise.all([
      openEventStream(child.baseUrl, api('/events'), { token: agent }),
      openEventStream(child.baseUrl, api('/events'), { token: admin }),
    ]);
    for (const stream of streams) expect(stream.status).toBe(200);
    const started = Date.now();
    child.process.kill('SIGTERM');
    await Promise.all(streams.map((stream) => stream.ended));
    expect(await child.exited).toBe(0);
    // Far inside the 30 s grace: nothing waited for the streams.
    expect(Date.now() - started).toBeLessThan(25_000);
    expect(child.output()).toMatch(/SIGTERM received/);
  });
});
