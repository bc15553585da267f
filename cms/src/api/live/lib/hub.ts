import type { ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import { PROJECT_EVENTS_HEARTBEAT_MS } from '@repo/types';
import type { Viewer } from '../../../http/current-viewer';
import { unitsByIds } from '../../../db';
import { LIST_FIELDS } from '../../unit/lib/list-row';
import { RESYNC_THRESHOLD, type LiveChange } from './changes';
import { connectChannel } from './channel';
import { changedCards, renderCards } from './project-cards';
import { frame, render, type Resolved, type Stream } from './render';
import { ReplayLog, type ChangeId } from './replay-log';
import { agentProjects, endedSessions, refreshVisibility, viewerOf } from './stream-access';
import { LiveStreams } from './streams';
import { UnitStates, type UnitRow } from './unit-states';

/**
 * The live-availability hub of one server instance (issue #27): its open event streams, and the
 * changes it resolves for them. A change (ids only, see changes.ts) arrives from this process
 * (SQLite) or from PostgreSQL's NOTIFY (every instance, this one included); the hub reads the rows
 * once, after the commit, and each stream gets what its viewer's own list would show.
 *
 * Changes are resolved one at a time, in the order they arrived. Each gets an id,
 * `<instance>-<sequence>`; the last RECENT changes are kept, so a client that reconnects to this
 * instance with Last-Event-ID gets what it missed. An id of another instance, or one too old, gets
 * one `resync` (the client revalidates with its ETag).
 *
 * The hub coordinates; the parts are its own modules: how changes arrive (channel.ts), their ids and
 * the changes kept (replay-log.ts), every unit's "before" state (unit-states.ts), the project cards a
 * change sends (project-cards.ts), what each viewer may still see (stream-access.ts), and the open
 * streams and the writing to them (streams.ts).
 */

const UNIT_UID = 'api::unit.unit';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const envNumber = (name: string, fallback: number) => {
  const value = process.env[name] ? Number(process.env[name]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export class LiveHub {
  private readonly streams: LiveStreams;
  private queue: Promise<void> = Promise.resolve();
  /** How long after a stream was last open here (streams.lastListened) changes are still kept. */
  private readonly idleAfterMs = envNumber('LIVE_IDLE_MS', 60_000);
  private readonly replayLog = new ReplayLog(
    envNumber('LIVE_REPLAY_CHANGES', 500),
    // About 1 KB each (a row's event and its removal): 20,000 units hold some 20 MB at most.
    envNumber('LIVE_REPLAY_UNITS', 20_000),
  );
  private readonly unitStates: UnitStates;
  private heartbeat: NodeJS.Timeout | null = null;
  private sessionCheck: NodeJS.Timeout | null = null;
  /** Stops the changes' arrival (see channel.ts), once started. */
  private disconnect: (() => Promise<void>) | null = null;

  /** The changed units' list rows and project, read after the commit. */
  private readUnits: (ids: readonly number[]) => Promise<UnitRow[]>;

  constructor(private readonly strapi: Core.Strapi) {
    this.streams = new LiveStreams(strapi, envNumber('LIVE_MAX_BUFFERED_BYTES', 4 * 1024 * 1024));
    this.readUnits = unitsByIds<UnitRow>(strapi, UNIT_UID, [...LIST_FIELDS, 'projectId']);
    this.unitStates = new UnitStates(strapi, () => this.streams.size > 0);
  }

  /** Starts the fan-out: LISTEN on PostgreSQL, in process otherwise; and the heartbeats. */
  async start() {
    this.disconnect = await connectChannel(this.strapi, (change) => this.enqueue(change));
    const every = envNumber('PROJECT_EVENTS_HEARTBEAT_MS', PROJECT_EVENTS_HEARTBEAT_MS);
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) this.streams.write(stream, ':\n\n');
    }, every);
    this.heartbeat.unref();
    // A session can also end by expiring: every open stream's session is checked again now and then.
    this.sessionCheck = setInterval(
      () => {
        this.queue = this.queue.then(() => this.sweepSessions()).catch(() => undefined);
      },
      envNumber('LIVE_SESSION_CHECK_MS', 60_000),
    );
    this.sessionCheck.unref();
  }

  /** Closes every stream (graceful shutdown does this first) and stops listening. */
  async stop() {
    this.closeAll();
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.sessionCheck) clearInterval(this.sessionCheck);
    this.heartbeat = null;
    this.sessionCheck = null;
    await this.disconnect?.();
    this.disconnect = null;
  }

  closeAll() {
    this.streams.closeAll();
  }

  get openStreams() {
    return this.streams.size;
  }

  // --- the fan-out --------------------------------------------------------------------------

  /**
   * Changes are resolved one after another, each from a later turn of the event loop than the write
   * that announced it: the write's own answer is sent first (on SQLite the announcement comes from the
   * commit, in the middle of the request, and resolving it reads and renders hundreds of units).
   */
  private enqueue(change: LiveChange) {
    this.queue = this.queue
      .then(nextTurn)
      .then(() => this.resolve(change))
      .catch((error: unknown) => {
        this.strapi.log.warn(`Live event failed: ${(error as Error).message}`);
      });
  }

  /** Waits until every change received so far has been sent (tests, shutdown). */
  settled() {
    return this.queue;
  }

  private async resolve(change: LiveChange) {
    if (this.quiet()) {
      // Nobody has listened here for a while (a client that drops reconnects within seconds): nothing
      // is rendered or kept. The "before" states are read again when a stream opens, and a client
      // reconnecting with an id from before now gets one resync, since what it missed was not kept.
      // A bulk change on an instance nobody watches costs nothing more.
      this.replayLog.nextId();
      return this.forget();
    }
    await this.untrustedAfterFailure(async () => {
      if (this.streams.size === 0) return this.defer(change);
      await this.resolvePending();
      await this.resolveNow(change, this.replayLog.nextId());
    });
  }

  /** A change that failed to resolve (a read failed) leaves a gap: the replay buffer is dropped, so a client coming back gets one resync. */
  private async untrustedAfterFailure(work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      this.forget();
      throw error;
    }
  }

  private async resolveNow(change: LiveChange, id: ChangeId, rows?: UnitRow[]) {
    await this.unitStates.load();
    switch (change.kind) {
      case 'units':
        return this.unitsChanged(id, change.unitIds, rows ?? (await this.readUnits(change.unitIds)), change.removed ?? [], Boolean(change.adminOnly));
      case 'project':
        return this.projectChanged(id, change.projectId, Boolean(change.deleted));
      case 'resync':
        return this.resyncProjects(id, change.projectId === 0 ? 'all' : [change.projectId]);
      case 'user':
        return this.userChanged(change.userId);
      case 'sessions':
        return this.sessionsEnded(change.userId);
    }
  }

  /**
   * Keeps a change nobody hears now for the next stream (see ReplayLog's pending). A user's or a
   * session's change concerns open streams only: there are none. Past the replay buffer's bounds the
   * whole buffer is dropped instead: a client coming back then missed more than is kept, and gets one
   * resync.
   */
  private async defer(change: LiveChange) {
    if (change.kind === 'user' || change.kind === 'sessions') return;
    const id = this.replayLog.nextId();
    const kept = this.replayLog.defer({ change, ...id, ...(change.kind === 'units' ? { rows: await this.readUnits(change.unitIds) } : {}) });
    if (!kept) this.forget();
  }

  /**
   * Resolves the deferred changes, in order, with their own ids (no stream is open while they are).
   * If one fails, the rest are dropped with the replay buffer: a client coming back gets one resync.
   */
  private async resolvePending() {
    const pending = this.replayLog.takePending();
    await this.untrustedAfterFailure(async () => {
      for (const { change, seq, eventId, rows } of pending) await this.resolveNow(change, { seq, eventId }, rows);
    });
  }

  /** Runs `task` on the change queue, after the changes received so far; its outcome is the caller's. */
  private inTurn<T>(task: () => Promise<T>): Promise<T> {
    const outcome = this.queue.then(task);
    this.queue = outcome.then(
      () => undefined,
      () => undefined,
    );
    return outcome;
  }

  /** No stream is open, nor has been for LIVE_IDLE_MS: a client coming back is owed no replay. */
  private quiet() {
    return this.streams.size === 0 && Date.now() - this.streams.lastListened > this.idleAfterMs;
  }

  /** Drops the replay buffer and the "before" states (read again on the next change or stream). */
  private forget() {
    this.replayLog.clear();
    this.unitStates.forget();
  }

  private async unitsChanged({ seq, eventId }: ChangeId, unitIds: number[], rows: UnitRow[], removed: Array<[number, number]>, adminOnly: boolean) {
    const { entries, touched } = this.unitStates.advance(eventId, unitIds, rows, removed, adminOnly);
    const cards = adminOnly ? new Map() : await changedCards(this.strapi, entries, touched, eventId);
    const resolved: Resolved = { seq, eventId, units: entries, cards, resync: new Set(), visibility: false };
    this.replayLog.remember(resolved);
    this.streams.send(resolved);
  }

  private async projectChanged({ seq, eventId }: ChangeId, projectId: number, deleted: boolean) {
    const lost = await refreshVisibility(this.strapi, [...this.streams], (stream) => this.streams.close(stream));
    const resolved: Resolved = { seq, eventId, units: [], cards: new Map(), resync: new Set(), visibility: true };
    if (deleted) resolved.resync.add(projectId);
    else resolved.cards = await renderCards(this.strapi, [projectId], new Set([projectId]), new Set([projectId]), eventId);
    this.replayLog.remember(resolved);
    for (const stream of this.streams) {
      const removals = lost.get(stream);
      if (removals) this.streams.write(stream, removals(eventId));
      if (deleted && stream.projectId === projectId) {
        this.streams.close(stream);
        continue;
      }
      this.streams.write(stream, render(stream, resolved));
    }
  }

  private async resyncProjects({ seq, eventId }: ChangeId, projectIds: number[] | 'all') {
    // A large import or bulk change, or a lost LISTEN connection: the "before" states of those
    // projects (of every project for the latter) are read again.
    if (projectIds === 'all') {
      this.forget();
      await this.unitStates.load();
    } else if (this.streams.size === 0) this.unitStates.markStale(projectIds);
    else await this.unitStates.reload(projectIds);
    const ids = projectIds === 'all' ? [] : projectIds;
    const resolved: Resolved = {
      seq,
      eventId,
      units: [],
      cards: await renderCards(this.strapi, ids, new Set(ids), new Set(ids), eventId),
      resync: new Set(ids),
      visibility: projectIds === 'all',
    };
    this.replayLog.remember(resolved);
    for (const stream of this.streams) {
      if (projectIds === 'all') this.streams.write(stream, frame('resync', eventId, { reason: 'gap' }));
      else this.streams.write(stream, render(stream, resolved));
    }
  }

  private async userChanged(userId: number) {
    const mine = [...this.streams].filter((stream) => stream.viewer.userId === userId);
    if (mine.length === 0) return;
    const { seq, eventId } = this.replayLog.nextId();
    this.replayLog.remember({ seq, eventId, units: [], cards: new Map(), resync: new Set(), visibility: true });
    const viewer = await viewerOf(this.strapi, userId);
    for (const stream of mine) {
      if (!viewer || viewer.isAdmin !== stream.viewer.isAdmin) {
        this.streams.close(stream);
        continue;
      }
      stream.viewer = viewer;
    }
    const lost = await refreshVisibility(
      this.strapi,
      mine.filter((stream) => !stream.closed),
      (stream) => this.streams.close(stream),
    );
    for (const stream of mine) {
      if (stream.closed) continue;
      const removals = lost.get(stream);
      if (removals) this.streams.write(stream, removals(eventId));
    }
  }

  private async sessionsEnded(userId: number) {
    await this.closeEndedSessions([...this.streams].filter((stream) => stream.viewer.userId === userId));
  }

  private async sweepSessions() {
    const streams = [...this.streams];
    for (let index = 0; index < streams.length; index += 1_000) await this.closeEndedSessions(streams.slice(index, index + 1_000));
  }

  /** Closes the streams whose session has ended (deleted or expired). */
  private async closeEndedSessions(mine: Stream[]) {
    for (const stream of await endedSessions(this.strapi, mine)) this.streams.close(stream);
  }

  // --- the streams --------------------------------------------------------------------------

  /**
   * Registers an open response as a stream and replays what a reconnecting client missed. The
   * caller has checked that the viewer may see the project, and set the response's headers.
   */
  async open(res: ServerResponse, viewer: Viewer, sessionId: number | null, projectId: number | null, lastEventId: string | null) {
    // In turn with the changes: those deferred while no stream was open are resolved first, and no
    // change is resolved between them and this stream's registration and replay.
    return this.inTurn(async () => {
      const projects: Set<number> | 'all' = viewer.isAdmin ? 'all' : await agentProjects(this.strapi, viewer);
      // Changes deferred before a long quiet are not kept: a client from before them resyncs.
      if (this.quiet()) this.forget();
      await this.resolvePending();
      // The first stream after a time with none: the "before" states of every unit, now.
      await this.unitStates.load(true);
      const stream = this.streams.add(res, viewer, sessionId, projectId, projects);
      if (stream.closed) return stream;
      this.streams.write(stream, `retry: 2000\n:\n\n`);
      if (lastEventId) this.replay(stream, lastEventId);
      return stream;
    });
  }

  private replay(stream: Stream, lastEventId: string) {
    const missed = this.replayLog.missedSince(lastEventId);
    if (missed) this.streams.write(stream, missed.map((resolved) => render(stream, resolved)).join(''));
    else this.streams.write(stream, frame('resync', this.replayLog.lastId, { reason: 'gap' }));
  }
}

const hubs = new WeakMap<Core.Strapi, LiveHub>();

export const liveHub = (strapi: Core.Strapi) => {
  let hub = hubs.get(strapi);
  if (!hub) hubs.set(strapi, (hub = new LiveHub(strapi)));
  return hub;
};

export const startLiveHub = async (strapi: Core.Strapi) => liveHub(strapi).start();
export const stopLiveHub = async (strapi: Core.Strapi) => {
  await hubs.get(strapi)?.stop();
  hubs.delete(strapi);
};

export { RESYNC_THRESHOLD };
