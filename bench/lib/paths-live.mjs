// Live availability (issue #27): many open agent event streams, one bulk status change reaching all
// of them, and the reads' cost with the streams open. Ratios and counts, measured on this machine.
import fs from 'node:fs';
import http from 'node:http';
import { interleaved, median, percentile, request, round } from './measure.mjs';
import { row } from './paths-read.mjs';
import { projectRow } from './data.mjs';

const UNIT_EVENT = Buffer.from('event: unit\n');

/**
 * Opens `count` event streams (one socket each, as `count` browser tabs would) and counts the `unit`
 * events each receives, with the time the `expected`-th arrived.
 */
const openStreams = async (baseUrl, path, headers, count) => {
  const streams = [];
  const opening = [];
  for (let index = 0; index < count; index += 1) {
    const stream = { units: 0, expected: Infinity, doneAt: null, ended: false, request: null, carry: Buffer.alloc(0) };
    streams.push(stream);
    opening.push(
      new Promise((resolve, reject) => {
        stream.request = http.get(`${baseUrl}${path}`, { headers: { ...headers, Accept: 'text/event-stream' }, agent: false }, (response) => {
          if (response.statusCode !== 200) return reject(new Error(`The event stream answered ${response.statusCode}`));
          response.on('data', (chunk) => {
            // Bytes, not text: an event's name may be cut between two chunks, so the tail is kept.
            const bytes = stream.carry.length ? Buffer.concat([stream.carry, chunk]) : chunk;
            let at = bytes.indexOf(UNIT_EVENT);
            let end = 0;
            while (at !== -1) {
              stream.units += 1;
              end = at + UNIT_EVENT.length;
              at = bytes.indexOf(UNIT_EVENT, end);
            }
            stream.carry = bytes.subarray(Math.max(end, bytes.length - UNIT_EVENT.length + 1));
            if (stream.doneAt === null && stream.units >= stream.expected) stream.doneAt = performance.now();
          });
          response.on('close', () => (stream.ended = true));
          resolve();
        });
        stream.request.on('error', (error) => {
          stream.ended = true;
          reject(error);
        });
      }),
    );
    // Open in small batches, as tabs would connect: not 1,000 handshakes at once.
    if (opening.length % 50 === 0) await Promise.all(opening.slice(-50));
  }
  await Promise.all(opening);
  return {
    streams,
    close: () => {
      for (const stream of streams) stream.request?.destroy();
    },
  };
};

const rssKiB = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN);
};

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The agent's available units to flip (in projects the agent sees), `count` of them. */
const visibleUnits = async (ctx, count) => {
  const marks = (values) => values.map(() => '?').join(', ');
  // The bench agent is a Dubai agent with no access list: the projects of its region (data.mjs).
  const projects = ctx.projects.filter((_, index) => projectRow(index).visibleTo.includes('dubai')).map((project) => project.id);
  const rows = await ctx.db.query(`SELECT id FROM units WHERE project_id IN (${marks(projects)}) AND unit_status = ? ORDER BY id LIMIT ${Number(count)}`, [
    ...projects,
    'available',
  ]);
  return rows.map((unit) => Number(unit.id));
};

/** One bulk status change through `writer`, received on every stream: commit → last event, per stream. */
const fanOut = async (ctx, writer, opened, ids, status) => {
  for (const stream of opened.streams) {
    stream.units = 0;
    stream.doneAt = null;
    stream.expected = ids.length;
  }
  const started = performance.now();
  const response = await request(writer.baseUrl, {
    method: 'POST',
    path: '/api/units/bulk-status',
    headers: { ...writer.admin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ids, status }),
  });
  const answered = performance.now();
  if (response.status !== 200) throw new Error(`The bulk status change answered ${response.status}: ${response.text.slice(0, 200)}`);
  const deadline = answered + 30_000;
  while (performance.now() < deadline && opened.streams.some((stream) => stream.doneAt === null && !stream.ended)) await wait(5);
  // The commit happens before the answer leaves: timing from the answer under-counts by at most
  // the answer's own trip, timing from the request over-counts by the whole bulk write. Both are shown.
  const fromAnswer = opened.streams.filter((stream) => stream.doneAt !== null).map((stream) => Math.max(0, stream.doneAt - answered));
  const fromRequest = opened.streams.filter((stream) => stream.doneAt !== null).map((stream) => stream.doneAt - started);
  const dropped = opened.streams.filter((stream) => stream.ended).length;
  const lost = opened.streams.reduce((sum, stream) => sum + Math.max(0, ids.length - stream.units), 0);
  return {
    p99: percentile(fromRequest, 99),
    p99Answer: percentile(fromAnswer, 99),
    p50: median(fromRequest),
    bulkMs: answered - started,
    dropped,
    lost,
    received: fromRequest.length,
  };
};

/** Samples of the list's 304 and a unit GET, interleaved. */
const reads = async (ctx, rounds) => {
  const path = `/api/projects/${ctx.bigProject.id}/units`;
  const first = await request(ctx.portal.baseUrl, { path, headers: ctx.portal.admin });
  const tag = { 'If-None-Match': first.headers.etag };
  return interleaved(
    {
      revalidate: async () => request(ctx.portal.baseUrl, { path, headers: { ...ctx.portal.admin, ...tag } }),
      unit: async () => request(ctx.portal.baseUrl, { path: `/api/units/${ctx.probeUnitId}`, headers: ctx.portal.admin }),
    },
    { rounds, warmup: 5 },
  );
};

export const measureLive = async (ctx) => {
  const streamsCount = ctx.live.streams;
  const units = await visibleUnits(ctx, ctx.live.units);
  const rows = [];
  // The reads with no stream open and with all open, alternated (none, open, none, open, none) so
  // that the machine's drift falls on both sides; warmed first (the JIT, the statement caches).
  const rounds = Math.max(10, Math.ceil(ctx.rounds.revalidate / 2));
  const idle = { revalidate: [], unit: [] };
  const busy = { revalidate: [], unit: [] };
  const add = (into, samples) => {
    into.revalidate.push(...samples.revalidate);
    into.unit.push(...samples.unit);
  };
  await reads(ctx, rounds);
  let one = null;
  let perStreamKiB = Number.NaN;
  for (let cycle = 0; cycle < 2; cycle += 1) {
    add(idle, await reads(ctx, rounds));
    const before = rssKiB(ctx.portal.pid);
    const opened = await openStreams(ctx.portal.baseUrl, '/api/events', ctx.portal.agent, streamsCount);
    try {
      // Let the openings settle (their garbage collected) before anything is timed.
      await wait(2_000);
      if (cycle === 0) perStreamKiB = (rssKiB(ctx.portal.pid) - before) / streamsCount;
      add(busy, await reads(ctx, rounds));
      if (cycle === 0) {
        one = await fanOut(ctx, ctx.portal, opened, units, 'reserved');
        await fanOut(ctx, ctx.portal, opened, units, 'available');
      }
    } finally {
      opened.close();
    }
    await wait(1_000);
  }
  add(idle, await reads(ctx, rounds));
  rows.push(
    row({
      id: 'live-fanout',
      path: `${streamsCount} agent streams, a bulk change of ${units.length} units reaches all: p99 request → last event`,
      // In seconds against the 1 s target: the ratio is the figure itself.
      portal: one.p99 / 1000,
      baseline: 1,
      baselineName: 'target: 1 s',
      unit: 's',
      target: '≤ 1 s; 0 dropped; 0 lost',
      pass: one.p99 <= 1000 && one.dropped === 0 && one.lost === 0 && one.received === streamsCount,
      note: `p50 ${round(one.p50)} ms; p99 from the answer ${round(one.p99Answer)} ms (the bulk write itself ${round(one.bulkMs)} ms); ${one.dropped} dropped, ${one.lost} events lost; ${round(perStreamKiB, 1)} KiB RSS per open stream`,
    }),
    row({
      id: 'live-revalidate',
      path: `The list's 304 with ${streamsCount} streams open (p50)`,
      portal: median(busy.revalidate),
      baseline: median(idle.revalidate),
      baselineName: 'the same, no stream open (alternated)',
      limit: 1.2,
      note: `p95 ${round(percentile(busy.revalidate, 95), 2)} vs ${round(percentile(idle.revalidate, 95), 2)} ms; n=${busy.revalidate.length} / ${idle.revalidate.length}`,
    }),
    row({
      id: 'live-unit',
      path: `A unit's GET with ${streamsCount} streams open (p50)`,
      portal: median(busy.unit),
      baseline: median(idle.unit),
      baselineName: 'the same, no stream open (alternated)',
      limit: 1.2,
      note: `p95 ${round(percentile(busy.unit, 95), 2)} vs ${round(percentile(idle.unit, 95), 2)} ms; n=${busy.unit.length} / ${idle.unit.length}`,
    }),
  );
  if (ctx.second) {
    // Two instances on one PostgreSQL database, half the streams on each, the change made on the first.
    const half = Math.floor(streamsCount / 2);
    const onFirst = await openStreams(ctx.portal.baseUrl, '/api/events', ctx.portal.agent, half);
    const onSecond = await openStreams(ctx.second.baseUrl, '/api/events', ctx.portal.agent, half);
    const both = { streams: [...onFirst.streams, ...onSecond.streams] };
    try {
      await wait(500);
      const two = await fanOut(ctx, ctx.portal, both, units, 'reserved');
      await fanOut(ctx, ctx.portal, both, units, 'available');
      rows.push(
        row({
          id: 'live-fanout-2',
          path: `2 instances × ${half} agent streams (PostgreSQL NOTIFY), ${units.length} units changed on one: p99 request → last event`,
          // In seconds against the 1 s target: the ratio is the figure itself.
          portal: two.p99 / 1000,
          baseline: 1,
          baselineName: 'target: 1 s',
          unit: 's',
          target: '≤ 1 s; 0 dropped; 0 lost',
          pass: two.p99 <= 1000 && two.dropped === 0 && two.lost === 0 && two.received === half * 2,
          note: `p50 ${round(two.p50)} ms; p99 from the answer ${round(two.p99Answer)} ms; ${two.dropped} dropped, ${two.lost} events lost`,
        }),
      );
    } finally {
      onFirst.close();
      onSecond.close();
    }
  }
  return rows;
};
