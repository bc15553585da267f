import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import { describe, expect, it } from 'vitest';
import { LiveHub } from '../src/api/live/lib/hub';

// Issue #27 item 6, the bounds of one instance's hub, on a response that does not read: a client that
// leaves more than LIVE_MAX_BUFFERED_BYTES unread is disconnected rather than buffered without bound.

class StalledResponse extends EventEmitter {
  writableLength = 0;
  written: string[] = [];
  destroyed = false;
  ended = false;
  write(text: string) {
    this.written.push(text);
    // Nothing is ever read: everything written stays buffered.
    this.writableLength += Buffer.byteLength(text);
    return this.writableLength < 16_384;
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
  end() {
    this.ended = true;
    this.emit('close');
  }
}

const warnings: string[] = [];
// A stream's opening reads the units' "before" states: none here.
const strapi = { log: { warn: (line: string) => warnings.push(line) }, db: { query: () => ({ findMany: async () => [] }) } } as unknown as Core.Strapi;
const admin = { userId: 1, email: 'admin@hub.test', isAdmin: true, agentType: null, visibleProjects: null };

describe('a client that does not keep up', () => {
  it('is disconnected once its unread data passes the bound, and the hub forgets it', async () => {
    process.env.LIVE_MAX_BUFFERED_BYTES = '100000';
    const hub = new LiveHub(strapi);
    const slow = new StalledResponse();
    const stream = await hub.open(slow as unknown as ServerResponse, admin, null, null, null);
    expect(hub.openStreams).toBe(1);
    const event = `id: x-1\nevent: unit\ndata: ${JSON.stringify({ unit: { id: 1, name: 'x'.repeat(1_000) } })}\n\n`;
    let writes = 0;
    while (!slow.destroyed && writes < 1_000) {
      hub['streams'].write(stream, event);
      writes += 1;
    }
    expect(slow.destroyed).toBe(true);
    expect(hub.openStreams).toBe(0);
    // It was cut at the bound, not after: at most one event past 100,000 bytes.
    expect(slow.writableLength).toBeLessThan(100_000 + 2 * event.length);
    expect(slow.writableLength).toBeGreaterThan(100_000);
    expect(warnings.some((line) => line.includes('does not keep up'))).toBe(true);
    const after = slow.written.length;
    hub['streams'].write(stream, event);
    expect(slow.written.length).toBe(after);
    delete process.env.LIVE_MAX_BUFFERED_BYTES;
  });

  it('a reader keeping up is never cut off', async () => {
    const hub = new LiveHub(strapi);
    const reader = new StalledResponse();
    const stream = await hub.open(reader as unknown as ServerResponse, admin, null, null, null);
    for (let index = 0; index < 5_000; index += 1) {
      hub['streams'].write(stream, `: heartbeat\n\n`);
      reader.writableLength = 0;
    }
    expect(reader.destroyed).toBe(false);
    expect(hub.openStreams).toBe(1);
  });
});

describe('the replay buffer', () => {
  const changeOf = (instance: string, seq: number) => ({
    seq,
    eventId: `${instance}-${seq}`,
    units: [1, 2, 3, 4].map((id) => ({
      id: seq * 10 + id,
      before: { projectId: 1, status: 'available' },
      after: { projectId: 1, status: 'sold' },
      unitText: `id: ${instance}-${seq}\nevent: unit\ndata: {"unit":{"id":${seq * 10 + id}}}\n\n`,
      removedText: `id: ${instance}-${seq}\nevent: unit-removed\ndata: {"id":${seq * 10 + id}}\n\n`,
      adminOnly: false,
    })),
    cards: new Map(),
    resync: new Set<number>(),
    visibility: false,
  });

  it('replays what it still holds after Last-Event-ID, and answers an older id with one resync (bounded by units)', async () => {
    process.env.LIVE_REPLAY_UNITS = '10';
    const hub = new LiveHub(strapi);
    delete process.env.LIVE_REPLAY_UNITS;
    const instance = hub['replayLog'].instance;
    // Its clients left moments ago: what they missed is still owed to them.
    hub['streams'].lastListened = Date.now();
    for (let seq = 1; seq <= 5; seq += 1) {
      hub['replayLog']['seq'] = seq;
      hub['replayLog'].remember(changeOf(instance, seq));
    }
    // 4 units a change, at most 10 kept: changes 4 and 5 remain.
    expect(hub['replayLog']['recent'].map((change) => change.seq)).toEqual([4, 5]);
    const caughtUp = new StalledResponse();
    await hub.open(caughtUp as unknown as ServerResponse, admin, null, null, `${instance}-3`);
    const replayed = caughtUp.written.join('');
    expect(replayed.match(/event: unit\n/g)?.length).toBe(8);
    expect(replayed).not.toContain('resync');
    const tooOld = new StalledResponse();
    await hub.open(tooOld as unknown as ServerResponse, admin, null, null, `${instance}-2`);
    expect(tooOld.written.join('')).toMatch(/event: resync\ndata: \{"reason":"gap"\}/);
    expect(tooOld.written.join('')).not.toContain('event: unit\n');
    const elsewhere = new StalledResponse();
    await hub.open(elsewhere as unknown as ServerResponse, admin, null, null, 'another-instance-5');
    expect(elsewhere.written.join('')).toMatch(/event: resync/);
  });
});

describe('an instance nobody listens to', () => {
  it('resolves no change (no read, nothing kept), and answers an id from before with one resync', async () => {
    let reads = 0;
    const counting = {
      log: strapi.log,
      db: {
        query: () => ({
          findMany: async () => {
            reads += 1;
            return [];
          },
        }),
      },
    } as unknown as Core.Strapi;
    const hub = new LiveHub(counting);
    hub['readUnits'] = async () => {
      reads += 1;
      return [];
    };
    const instance = hub['replayLog'].instance;
    await hub['resolve']({ kind: 'units', unitIds: [1, 2, 3] });
    await hub['resolve']({ kind: 'project', projectId: 1 });
    expect(reads).toBe(0);
    expect(hub['replayLog']['recent']).toEqual([]);
    expect(hub['replayLog']['seq']).toBe(2);
    // A client that saw event 1 before the instance went quiet missed event 2, which was not kept.
    const back = new StalledResponse();
    await hub.open(back as unknown as ServerResponse, admin, null, null, `${instance}-1`);
    expect(back.written.join('')).toMatch(/event: resync\ndata: \{"reason":"gap"\}/);
    // Its opening read the states again; while a stream is open, changes are resolved (and read).
    expect(reads).toBe(1);
    await hub['resolve']({ kind: 'units', unitIds: [1], adminOnly: true });
    expect(reads).toBe(2);
    expect(hub['replayLog']['recent'].map((change) => change.seq)).toEqual([3]);
  });
});

describe('changes nobody hears, in the minute a client has to come back', () => {
  it("a resync reads the project's units again when they are next needed, not when it commits", async () => {
    const reads: unknown[] = [];
    const counting = {
      log: strapi.log,
      db: {
        query: () => ({
          findMany: async (query: { where?: unknown }) => {
            reads.push(query.where ?? 'every unit');
            return [];
          },
        }),
      },
      // The resync's cards: none here.
      service: () => ({ cardsOf: async () => [] }),
    } as unknown as Core.Strapi;
    const hub = new LiveHub(counting);
    hub['readUnits'] = async (ids) => {
      reads.push({ id: { $in: ids } });
      return [];
    };
    hub['streams'].lastListened = Date.now();
    await hub['resolve']({ kind: 'resync', projectId: 7 });
    await hub['resolve']({ kind: 'resync', projectId: 8 });
    // Nothing read while nobody listens.
    expect(reads).toEqual([]);
    // The next stream: every unit's state once, then both projects' units again, once, before it is served.
    const stream = new StalledResponse();
    await hub.open(stream as unknown as ServerResponse, admin, null, null, null);
    expect(reads).toEqual(['every unit', { projectId: { $in: [7, 8] } }]);
    expect(hub['replayLog']['recent'].map((change) => [...change.resync])).toEqual([[7], [8]]);
    await hub['resolve']({ kind: 'units', unitIds: [1], adminOnly: true });
    expect(reads.slice(2)).toHaveLength(1);
    expect(reads[2]).toMatchObject({ id: { $in: [1] } });
  });

  /** A hub over units 1 to 3 of project 5, whose rows the test changes; it records the units it reads. */
  const hubOverUnits = () => {
    const rows = new Map([1, 2, 3].map((id) => [id, { id, projectId: 5, unitNumber: `U-${id}`, name: `U-${id}`, unitStatus: 'available' }]));
    const unitReads: number[][] = [];
    const hub = new LiveHub({ ...strapi, service: () => ({ cardsOf: async () => [] }) } as unknown as Core.Strapi);
    hub['readUnits'] = async (ids) => {
      unitReads.push([...ids]);
      return ids.flatMap((id) => (rows.has(id) ? [{ ...(rows.get(id) as { id: number; projectId: number; unitStatus: string }) }] : []));
    };
    const setStatus = (id: number, unitStatus: string) =>
      rows.set(id, { ...(rows.get(id) as { id: number; projectId: number; unitNumber: string; name: string }), unitStatus });
    return { hub, rows, unitReads, setStatus };
  };

  it('units changed are read at once, but rendered when a client comes back; it gets every change as it was, in order, with its own id', async () => {
    const { hub, rows, unitReads, setStatus } = hubOverUnits();
    const instance = hub['replayLog'].instance;
    // A client saw the states, then its stream dropped.
    const first = new StalledResponse();
    await hub.open(first as unknown as ServerResponse, admin, null, null, null);
    first.end();
    expect(hub.openStreams).toBe(0);
    setStatus(2, 'sold');
    await hub['resolve']({ kind: 'units', unitIds: [2] });
    setStatus(2, 'reserved');
    await hub['resolve']({ kind: 'units', unitIds: [2] });
    rows.delete(3);
    await hub['resolve']({ kind: 'units', unitIds: [], removed: [[3, 5]] });
    expect(unitReads.filter((ids) => ids.length > 0)).toEqual([[2], [2]]);
    // Nothing rendered or kept yet.
    expect(hub['replayLog']['recent']).toEqual([]);
    const back = new StalledResponse();
    await hub.open(back as unknown as ServerResponse, admin, null, null, `${instance}-0`);
    const replayed = back.written.join('');
    expect(replayed).not.toContain('resync');
    const events = [...replayed.matchAll(/id: (\S+)\nevent: (\S+)\ndata: (.*)\n/g)].map(([, id, type, data]) => [id, type, JSON.parse(data)]);
    expect(events).toEqual([
      [`${instance}-1`, 'unit', { unit: expect.objectContaining({ id: 2, status: 'sold' }) }],
      [`${instance}-2`, 'unit', { unit: expect.objectContaining({ id: 2, status: 'reserved' }) }],
      [`${instance}-3`, 'unit-removed', { id: 3 }],
    ]);
    // Resolved once: a second client coming back is served from what was kept, with no read.
    const again = new StalledResponse();
    await hub.open(again as unknown as ServerResponse, admin, null, null, `${instance}-2`);
    expect(unitReads.filter((ids) => ids.length > 0)).toEqual([[2], [2]]);
    expect(again.written.join('')).toContain(`id: ${instance}-3\nevent: unit-removed`);
    expect(again.written.join('')).not.toContain('event: unit\n');
  });

  it('more than the replay buffer holds is dropped whole: a client coming back gets one resync', async () => {
    process.env.LIVE_REPLAY_UNITS = '2';
    const { hub } = hubOverUnits();
    delete process.env.LIVE_REPLAY_UNITS;
    const instance = hub['replayLog'].instance;
    hub['streams'].lastListened = Date.now();
    await hub['resolve']({ kind: 'units', unitIds: [1, 2] });
    expect(hub['replayLog']['pending']).toHaveLength(1);
    await hub['resolve']({ kind: 'units', unitIds: [3] });
    expect(hub['replayLog']['pending']).toEqual([]);
    const back = new StalledResponse();
    await hub.open(back as unknown as ServerResponse, admin, null, null, `${instance}-0`);
    expect(back.written.join('')).toMatch(/event: resync\ndata: \{"reason":"gap"\}/);
    expect(back.written.join('')).not.toContain('event: unit\n');
  });

  it('changes kept for a client that does not come back within LIVE_IDLE_MS are dropped, not rendered, when a stream next opens', async () => {
    const { hub, unitReads } = hubOverUnits();
    const instance = hub['replayLog'].instance;
    hub['streams'].lastListened = Date.now();
    await hub['resolve']({ kind: 'units', unitIds: [1, 2] });
    expect(hub['replayLog']['pending']).toHaveLength(1);
    // The last stream closed longer ago than the hub keeps changes for (60 s by default).
    hub['streams'].lastListened = Date.now() - 61_000;
    const late = new StalledResponse();
    await hub.open(late as unknown as ServerResponse, admin, null, null, `${instance}-0`);
    expect(late.written.join('')).toMatch(/event: resync\ndata: \{"reason":"gap"\}/);
    expect(late.written.join('')).not.toContain('event: unit\n');
    expect(hub['replayLog']['recent']).toEqual([]);
    expect(unitReads).toEqual([[1, 2]]);
  });

  it('a change whose units cannot be read leaves a gap: a client coming back gets one resync, not a replay without it', async () => {
    const { hub } = hubOverUnits();
    const instance = hub['replayLog'].instance;
    hub['streams'].lastListened = Date.now();
    await hub['resolve']({ kind: 'units', unitIds: [1] });
    hub['readUnits'] = async () => {
      throw new Error('the database went away');
    };
    await expect(hub['resolve']({ kind: 'units', unitIds: [2] })).rejects.toThrow('went away');
    const back = new StalledResponse();
    await hub.open(back as unknown as ServerResponse, admin, null, null, `${instance}-0`);
    expect(back.written.join('')).toMatch(/event: resync\ndata: \{"reason":"gap"\}/);
  });
});
