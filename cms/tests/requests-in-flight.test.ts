import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_TEMPLATE_HEADER } from '@repo/types';
import { api, createClient, DEMO, signIn, startTestStrapi, type TestServer } from './helpers/strapi';
import { openEventStream } from './helpers/event-stream';
import { parseCsvFile } from '../src/api/unit/lib/csv-read';

/**
 * Issue #26, an import does not stall everyone else: the CSV import's worker waits while the server
 * answers a request (src/server/requests-in-flight.ts). The module is the compiled one the server
 * runs, so the count read here is the server's own; the worker is a real worker thread.
 */

const compiledPath = path.resolve(__dirname, '..', 'dist', 'src', 'server', 'requests-in-flight.js');
const compiled = createRequire(__filename)(compiledPath) as typeof import('../src/server/requests-in-flight');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (check: () => boolean, what: string) => {
  for (const deadline = Date.now() + 10_000; !check(); await pause(5)) if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
};

/** A worker thread that, on each message, works `workMs` then calls waitWhileServing and answers how long that took. */
const startWaitingWorker = () => {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const { waitWhileServing } = require(${JSON.stringify(compiledPath)});
     parentPort.on('message', ({ workMs }) => {
       for (const end = performance.now() + workMs; performance.now() < end; );
       const start = performance.now();
       waitWhileServing();
       parentPort.postMessage(performance.now() - start);
     });`,
    { eval: true, workerData: { requestsInFlight: compiled.requestsInFlightBuffer } },
  );
  const waitAfter = (workMs: number) =>
    new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.postMessage({ workMs });
    });
  return { waitAfter, stop: () => worker.terminate() };
};

describe('the count of requests in flight', () => {
  let server: http.Server;
  let baseUrl: string;
  const held: http.ServerResponse[] = [];
  let releaseEarly = false;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (releaseEarly) compiled.releaseRequest(response);
      held.push(response);
    });
    compiled.countRequests(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const response of held) response.end();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = () => {
    const request = http.get(baseUrl, { agent: false });
    request.on('error', () => undefined);
    const answered = new Promise<void>((resolve) => request.on('response', (response) => response.resume().on('end', resolve)));
    return { request, answered };
  };

  it('counts a request from its arrival until its response ends, and a client that leaves', async () => {
    expect(compiled.requestsInFlight()).toBe(0);
    const first = send();
    const second = send();
    await until(() => compiled.requestsInFlight() === 2, 'two requests counted');
    held.shift()?.end('done');
    await first.answered;
    await until(() => compiled.requestsInFlight() === 1, 'the answered request uncounted');
    second.request.destroy();
    await until(() => compiled.requestsInFlight() === 0, 'the abandoned request uncounted');
    held.shift();
  });

  it('stops counting a released request once, not again when it ends', async () => {
    releaseEarly = true;
    const released = send();
    await until(() => held.length === 1, 'the request to arrive');
    expect(compiled.requestsInFlight()).toBe(0);
    releaseEarly = false;
    const counted = send();
    await until(() => compiled.requestsInFlight() === 1, 'the second request counted');
    held.shift()?.end();
    await released.answered;
    // The released request's end does not take the other one off the count.
    expect(compiled.requestsInFlight()).toBe(1);
    held.shift()?.end();
    await counted.answered;
    await until(() => compiled.requestsInFlight() === 0, 'no request counted');
  });

  it('a worker goes on at once when no request is answered, and waits while one is, about as long as it worked', async () => {
    const worker = startWaitingWorker();
    try {
      expect(await worker.waitAfter(200)).toBeLessThan(50);
      const request = send();
      await until(() => compiled.requestsInFlight() === 1, 'the request counted');
      // Held for good: the worker waits as long as it last worked (200 ms), then goes on.
      expect(await worker.waitAfter(200)).toBeGreaterThanOrEqual(150);
      // Worked 1.5 s, so it would wait as long; the request ends some 100 ms into the wait and the worker goes on then.
      const waiting = worker.waitAfter(1_500);
      await pause(1_600);
      held.shift()?.end();
      const waited = await waiting;
      await request.answered;
      expect(waited).toBeGreaterThanOrEqual(50);
      expect(waited).toBeLessThan(1_200);
    } finally {
      await worker.stop();
    }
  });
});

describe("the import's pauses", () => {
  it('parses a file with a pause after every 100 rows, and the same rows as without', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'csv-pauses-')), 'units.csv');
    fs.writeFileSync(file, [CSV_TEMPLATE_HEADER, ...Array.from({ length: 250 }, (_, index) => `P-${index},Studio,1,900000,50`)].join('\n'));
    try {
      let pauses = 0;
      const parsed = await parseCsvFile(file, { betweenRows: () => (pauses += 1) });
      expect(pauses).toBe(2);
      expect(parsed).toEqual(await parseCsvFile(file));
      expect(parsed.rows).toHaveLength(250);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});

describe('an import with other requests', () => {
  let strapiServer: TestServer;
  let admin: string;

  beforeAll(async () => {
    strapiServer = await startTestStrapi({ seed: true });
    const client = createClient(strapiServer.baseUrl);
    admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
  });

  afterAll(async () => {
    await strapiServer?.stop();
  });

  const projectIdOf = async (name: string) =>
    ((await strapiServer.strapi.db.query('api::project.project').findOne({ where: { name }, select: ['id'] })) as { id: number }).id;

  const rows = (count: number, prefix: string) =>
    [CSV_TEMPLATE_HEADER, ...Array.from({ length: count }, (_, index) => `${prefix}${index + 1},1 Bedroom,${(index % 40) + 1},${900000 + index},750.5`)].join(
      '\r\n',
    );

  const importCsv = async (projectId: number, content: string) => {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'text/csv' }), 'units.csv');
    const response = await fetch(`${strapiServer.baseUrl}/api/projects/${projectId}/units/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as { data: { imported: number } } };
  };

  it("does not count an agent's open event stream, nor the import's own request while its worker works", async () => {
    const stream = await openEventStream(strapiServer.baseUrl, api('/events'), { token: admin });
    try {
      await until(() => compiled.requestsInFlight() === 0, 'the open stream uncounted');
      const projectId = await projectIdOf('Marina Heights');
      // The count every millisecond from the import's arrival until its answer.
      const counts: number[] = [];
      let answered = false;
      const sampling = setInterval(() => {
        const count = compiled.requestsInFlight();
        if (!answered && (counts.length > 0 || count > 0)) counts.push(count);
      }, 1);
      try {
        const result = await importCsv(projectId, rows(2_000, 'FL-'));
        answered = true;
        expect(result.status).toBe(200);
        expect(result.body.data.imported).toBe(2_000);
      } finally {
        clearInterval(sampling);
      }
      // Counted while the upload arrived; once the worker took the file over, not (counted, the
      // request would read 1 until its answer left).
      expect(counts[0]).toBe(1);
      expect(counts.filter((count) => count === 0).length).toBeGreaterThanOrEqual(10);
    } finally {
      stream.close();
    }
  });

  it('finishes an import while a request stays unanswered the whole time', async () => {
    // A request whose body does not come: counted from its headers until it is answered.
    const socket = net.connect((strapiServer.strapi.server.httpServer.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${api('/projects')} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${admin}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    try {
      await until(() => compiled.requestsInFlight() === 1, 'the stalled request counted');
      const started = performance.now();
      const result = await importCsv(await projectIdOf('Palm Crescent Villas'), rows(3_000, 'ST-'));
      expect(result.status).toBe(200);
      expect(result.body.data.imported).toBe(3_000);
      expect(compiled.requestsInFlight()).toBe(1);
      // Not a timing target: an import that waited for the request to end would never have answered.
      expect(performance.now() - started).toBeLessThan(60_000);
      // The rest of the body: an empty project, refused, and the request is answered.
      const answer = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(String(chunk))));
      socket.write(`${' '.repeat(98)}}`);
      expect(await answer).toMatch(/^HTTP\/1\.1 400 /);
      await until(() => compiled.requestsInFlight() === 0, 'the answered request uncounted');
    } finally {
      socket.destroy();
    }
  });
});
