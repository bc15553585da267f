import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import { PROJECT_EVENTS_HEARTBEAT_MS, projectsVisibleToAgent, type AgentType } from '@repo/types';
import { currentViewer, type Viewer } from '../../../http/current-viewer';
import { isPostgres, listenChannel, notifyChannel, NOTIFY_PAYLOAD_MAX, unitsByIds, type ChannelListener } from '../../../db';
import { portalService } from '../../../server/services';
import { LIST_FIELDS, toApiUnit } from '../../unit/lib/list-row';
import { RESYNC_THRESHOLD, setPublisher, type LiveChange } from './changes';
import { AGENT_STATUSES, agentSees, frame, keyOf, render, type Resolved, type Stream, type UnitEntry, type UnitState } from './render';

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
 */

const UNIT_UID = 'api::unit.unit';
const PROJECT_UID = 'api::project.project';
const USER_UID = 'plugin::users-permissions.user';
const SESSION_UID = 'api::portal-auth.portal-session';
const CHANNEL = 'portal_live';

/** A unit as a `unit` event carries it (its list row), and its project. */
type UnitRow = Record<string, unknown> & { id: number; projectId: number; unitStatus: string };

/** A change's place in this instance's sequence, and its event id. */
interface ChangeId {
  seq: number;
  eventId: string;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const envNumber = (name: string, fallback: number) => {
  const value = process.env[name] ? Number(process.env[name]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export class LiveHub {
  private readonly streams = new Set<Stream>();
  private readonly recent: Resolved[] = [];
  private readonly instance = crypto.randomBytes(4).toString('hex');
  private seq = 0;
  private queue: Promise<void> = Promise.resolve();
  private notifying: Promise<void> = Promise.resolve();
  /** Every unit's project and status as last seen (the "before" of the next change), once a stream is open. */
  private states: Map<number, UnitState> | null = null;
  private statesLoading: Promise<void> | null = null;
  /** When a stream was last open here (0: never), and how long after it changes are still kept. */
  private lastListened = 0;
  private readonly idleAfterMs = envNumber('LIVE_IDLE_MS', 60_000);
  /**
   * Projects resynced while no stream was open: their units' states are read again when the next
   * stream opens, not at once. Until then the events kept for a replay may start from stale states,
   * but every client that comes back across such a resync revalidates its whole list; and an import
   * of 10,000 units nobody watches no longer reads them back on the event loop as it commits.
   */
  private readonly staleProjects = new Set<number>();
  /**
   * Changes made while no stream was open, in the minute a client has to come back: each has its id
   * and, for units, their rows as the change left them (one read). Their events are rendered and kept
   * for a replay only when a stream next opens here, or a change arrives with one open: a bulk change
   * on an instance whose phones dropped their streams costs the event loop one read meanwhile, and a
   * client that comes back gets the same events as if it had stayed (the project cards excepted: they
   * are counted when the change is resolved).
   */
  private pending: Array<{ change: LiveChange; seq: number; eventId: string; rows?: UnitRow[] }> = [];
  private pendingUnits = 0;
  private staleReload: Promise<void> = Promise.resolve();
  /** Moved by forget(): a read of the states begun before it is not kept. */
  private generation = 0;
  private heartbeat: NodeJS.Timeout | null = null;
  private sessionCheck: NodeJS.Timeout | null = null;
  private listener: ChannelListener | null = null;
  private readonly maxBuffered = envNumber('LIVE_MAX_BUFFERED_BYTES', 4 * 1024 * 1024);
  private readonly recentMax = envNumber('LIVE_REPLAY_CHANGES', 500);
  /** About 1 KB each (a row's event and its removal): 20,000 units hold some 20 MB at most. */
  private readonly recentUnitsMax = envNumber('LIVE_REPLAY_UNITS', 20_000);
  private recentUnits = 0;

  /** The changed units' list rows and project, read after the commit. */
  private readUnits: (ids: readonly number[]) => Promise<UnitRow[]>;

  constructor(private readonly strapi: Core.Strapi) {
    this.readUnits = unitsByIds<UnitRow>(strapi, UNIT_UID, [...LIST_FIELDS, 'projectId']);
  }

  /** Starts the fan-out: LISTEN on PostgreSQL, in process otherwise; and the heartbeats. */
  async start() {
    if (isPostgres(this.strapi)) {
      this.listener = await listenChannel(
        this.strapi,
        CHANNEL,
        (payload) => this.receive(payload),
        () => this.enqueue({ kind: 'resync', projectId: 0 }),
      );
      // One after another, in commit order: two writes' notifications never overtake each other.
      setPublisher(this.strapi, (change) => {
        this.notifying = this.notifying.then(() => this.notify(change));
      });
    } else {
      setPublisher(this.strapi, (change) => this.enqueue(change));
    }
    const every = envNumber('PROJECT_EVENTS_HEARTBEAT_MS', PROJECT_EVENTS_HEARTBEAT_MS);
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) this.write(stream, ':\n\n');
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
    setPublisher(this.strapi, null);
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.sessionCheck) clearInterval(this.sessionCheck);
    this.heartbeat = null;
    this.sessionCheck = null;
    await this.listener?.close();
    this.listener = null;
  }

  closeAll() {
    for (const stream of [...this.streams]) this.close(stream);
  }

  get openStreams() {
    return this.streams.size;
  }

  // --- the fan-out --------------------------------------------------------------------------

  /** NOTIFY with ids only; a long id list goes in several notifications. */
  private async notify(change: LiveChange) {
    try {
      const payloads: string[] = [];
      if (change.kind === 'units' && JSON.stringify(change).length > NOTIFY_PAYLOAD_MAX) {
        const size = 500;
        for (let index = 0; index < change.unitIds.length; index += size)
          payloads.push(JSON.stringify({ ...change, unitIds: change.unitIds.slice(index, index + size), removed: undefined }));
        const removed = change.removed ?? [];
        for (let index = 0; index < removed.length; index += size)
          payloads.push(JSON.stringify({ kind: 'units', unitIds: [], removed: removed.slice(index, index + size) }));
      } else payloads.push(JSON.stringify(change));
      for (const payload of payloads) await notifyChannel(this.strapi, CHANNEL, payload);
    } catch (error) {
      this.strapi.log.warn(`Live event not sent: ${(error as Error).message}`);
    }
  }

  private receive(payload: string) {
    try {
      this.enqueue(JSON.parse(payload) as LiveChange);
    } catch {
      // Not ours: ignored.
    }
  }

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
    if (this.streams.size === 0) {
      if (Date.now() - this.lastListened > this.idleAfterMs) {
        // Nobody has listened here for a while (a client that drops reconnects within seconds): nothing
        // is rendered or kept. The "before" states are read again when a stream opens, and a client
        // reconnecting with an id from before now gets one resync, since what it missed was not kept.
        // A bulk change on an instance nobody watches costs nothing more.
        this.nextId();
        this.forget();
      } else await this.untrustedAfterFailure(() => this.defer(change));
      return;
    }
    await this.untrustedAfterFailure(async () => {
      await this.resolvePending();
      await this.resolveNow(change, this.nextId());
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
    await this.loadStates();
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
   * Keeps a change nobody hears now for the next stream (see pending). A user's or a session's change
   * concerns open streams only: there are none. Past the replay buffer's bounds the whole buffer is
   * dropped instead: a client coming back then missed more than is kept, and gets one resync.
   */
  private async defer(change: LiveChange) {
    if (change.kind === 'user' || change.kind === 'sessions') return;
    const id = this.nextId();
    this.pending.push({ change, ...id, ...(change.kind === 'units' ? { rows: await this.readUnits(change.unitIds) } : {}) });
    if (change.kind === 'units') this.pendingUnits += change.unitIds.length + (change.removed?.length ?? 0);
    if (this.pending.length > this.recentMax || this.pendingUnits > this.recentUnitsMax) this.forget();
  }

  /**
   * Resolves the deferred changes, in order, with their own ids (no stream is open while they are).
   * If one fails, the rest are dropped with the replay buffer: a client coming back gets one resync.
   */
  private async resolvePending() {
    const pending = this.pending;
    this.pending = [];
    this.pendingUnits = 0;
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

  /** Drops the replay buffer and the "before" states (read again on the next change or stream). */
  private forget() {
    this.generation += 1;
    this.pending = [];
    this.pendingUnits = 0;
    this.staleProjects.clear();
    this.recent.length = 0;
    this.recentUnits = 0;
    this.states = null;
    this.statesLoading = null;
  }

  /**
   * The "before" states, read if they are not held; with `forStream` (a stream opening) or a stream
   * open, the projects resynced meanwhile are read again first.
   */
  private async loadStates(forStream = false) {
    while (!this.states) {
      const generation = this.generation;
      this.statesLoading ??= (async () => {
        const states = new Map<number, UnitState>();
        await this.readStates(states);
        // A read overtaken by forget() (a change nobody heard meanwhile) is dropped, and read again.
        if (this.generation === generation) this.states = states;
      })();
      try {
        await this.statesLoading;
      } catch (error) {
        // A failed read is tried again by the next change or stream, not remembered.
        this.statesLoading = null;
        throw error;
      }
    }
    if (this.staleProjects.size > 0 && (forStream || this.streams.size > 0)) {
      const projectIds = [...this.staleProjects];
      this.staleProjects.clear();
      const reload = this.staleReload.then(() => this.reloadStates(projectIds));
      // A stream opening meanwhile waits for the same read; a failed one is tried again next time.
      this.staleReload = reload.catch(() => {
        for (const id of projectIds) this.staleProjects.add(id);
      });
      await reload;
    }
    await this.staleReload;
  }

  /** The "before" states of these projects' units, read again (the others are kept). */
  private async reloadStates(projectIds: number[]) {
    const states = this.states as Map<number, UnitState>;
    const wanted = new Set(projectIds);
    for (const [id, state] of states) if (wanted.has(state.projectId)) states.delete(id);
    await this.readStates(states, { projectId: { $in: projectIds } });
  }

  /** Reads units' project and status into `states` (every unit, or those `where` picks). */
  private async readStates(states: Map<number, UnitState>, where?: Record<string, unknown>) {
    const rows = (await this.strapi.db.query(UNIT_UID).findMany({ select: ['id', 'projectId', 'unitStatus'], ...(where ? { where } : {}) })) as Array<{
      id: number;
      projectId: number;
      unitStatus: string;
    }>;
    for (const row of rows) states.set(row.id, { projectId: Number(row.projectId), status: row.unitStatus });
  }

  private nextId(): ChangeId {
    this.seq += 1;
    return { seq: this.seq, eventId: `${this.instance}-${this.seq}` };
  }

  /** Keeps the last changes for replay, bounded by their number and by the units they hold (memory). */
  private remember(resolved: Resolved) {
    this.recent.push(resolved);
    this.recentUnits += resolved.units.length;
    while (this.recent.length > 1 && (this.recent.length > this.recentMax || this.recentUnits > this.recentUnitsMax)) {
      this.recentUnits -= (this.recent.shift() as Resolved).units.length;
    }
  }

  private async unitsChanged({ seq, eventId }: ChangeId, unitIds: number[], rows: UnitRow[], removed: Array<[number, number]>, adminOnly: boolean) {
    const states = this.states as Map<number, UnitState>;
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const entries: UnitEntry[] = [];
    const touched = new Set<number>();
    const add = (id: number, after: UnitState | null, row: Record<string, unknown> | null, knownProject: number) => {
      // A unit never seen (created just now, or before the states were read) had no "before" if it is
      // new; one unknown otherwise is taken as visible, so a viewer who might hold it is told it left.
      const before = states.get(id) ?? null;
      const entry: UnitEntry = {
        id,
        before: before ?? (after ? null : { projectId: knownProject, status: 'available' }),
        after,
        unitText: null,
        removedText: frame('unit-removed', eventId, { id }),
        adminOnly,
      };
      if (row) {
        const { projectId: _projectId, ...listed } = row;
        entry.unitText = frame('unit', eventId, { unit: toApiUnit(listed) });
      }
      if (after) states.set(id, after);
      else states.delete(id);
      entries.push(entry);
      if (entry.before) touched.add(entry.before.projectId);
      if (after) touched.add(after.projectId);
    };
    for (const id of unitIds) {
      const row = byId.get(id) ?? null;
      const after = row ? { projectId: Number(row.projectId), status: String(row.unitStatus) } : null;
      add(id, after, row, after?.projectId ?? states.get(id)?.projectId ?? 0);
    }
    for (const [id, projectId] of removed) if (!byId.has(id)) add(id, null, null, projectId);
    const cards = adminOnly ? new Map() : await this.cards(entries, touched, eventId);
    const resolved: Resolved = { seq, eventId, units: entries, cards, resync: new Set(), visibility: false };
    this.remember(resolved);
    // Encoded once per kind of viewer: a thousand agents of one region share one buffer.
    const rendered = new Map<string, Buffer>();
    for (const stream of this.streams) {
      let bytes = rendered.get(stream.key);
      if (bytes === undefined) rendered.set(stream.key, (bytes = Buffer.from(render(stream, resolved))));
      this.write(stream, bytes);
    }
  }

  /** The changed projects' cards, for admins when a status or a unit count moved, for agents when what they count did. */
  private async cards(entries: UnitEntry[], touched: Set<number>, eventId: string) {
    const forAdmins = new Set<number>();
    const forAgents = new Set<number>();
    for (const entry of entries) {
      const { before, after } = entry;
      if (before?.projectId !== after?.projectId || before?.status !== after?.status) {
        if (before) forAdmins.add(before.projectId);
        if (after) forAdmins.add(after.projectId);
      }
      if (agentSees(before) !== agentSees(after) || (agentSees(before) && before?.projectId !== after?.projectId)) {
        if (agentSees(before)) forAgents.add((before as UnitState).projectId);
        if (agentSees(after)) forAgents.add((after as UnitState).projectId);
      }
    }
    return this.renderCards([...touched], forAdmins, forAgents, eventId);
  }

  private async renderCards(projectIds: number[], forAdmins: Set<number>, forAgents: Set<number>, eventId: string) {
    const cards = new Map<number, { admin: string | null; agent: string | null }>();
    const projects = portalService(this.strapi, 'api::project.project');
    const wanted = projectIds.filter((id) => forAdmins.has(id) || forAgents.has(id));
    if (wanted.length === 0) return cards;
    const [adminCards, agentCards] = await Promise.all([
      projects.cardsOf(
        { isAdmin: true },
        wanted.filter((id) => forAdmins.has(id)),
      ),
      projects.cardsOf(
        { isAdmin: false },
        wanted.filter((id) => forAgents.has(id)),
      ),
    ]);
    for (const id of wanted) cards.set(id, { admin: null, agent: null });
    for (const card of adminCards) (cards.get(card.id) as { admin: string | null }).admin = frame('project', eventId, { project: card });
    for (const card of agentCards) (cards.get(card.id) as { agent: string | null }).agent = frame('project', eventId, { project: card });
    return cards;
  }

  private async projectChanged({ seq, eventId }: ChangeId, projectId: number, deleted: boolean) {
    const lost = await this.refreshVisibility();
    const resolved: Resolved = { seq, eventId, units: [], cards: new Map(), resync: new Set(), visibility: true };
    if (deleted) resolved.resync.add(projectId);
    else resolved.cards = await this.renderCards([projectId], new Set([projectId]), new Set([projectId]), eventId);
    this.remember(resolved);
    for (const stream of this.streams) {
      const removals = lost.get(stream);
      if (removals) this.write(stream, removals(eventId));
      if (deleted && stream.projectId === projectId) {
        this.close(stream);
        continue;
      }
      this.write(stream, render(stream, resolved));
    }
  }

  private async resyncProjects({ seq, eventId }: ChangeId, projectIds: number[] | 'all') {
    // A large import or bulk change, or a lost LISTEN connection: the "before" states of those
    // projects (of every project for the latter) are read again.
    if (projectIds === 'all') {
      this.forget();
      await this.loadStates();
    } else if (this.streams.size === 0) for (const id of projectIds) this.staleProjects.add(id);
    else await this.reloadStates(projectIds);
    const ids = projectIds === 'all' ? [] : projectIds;
    const resolved: Resolved = {
      seq,
      eventId,
      units: [],
      cards: await this.renderCards(ids, new Set(ids), new Set(ids), eventId),
      resync: new Set(ids),
      visibility: projectIds === 'all',
    };
    this.remember(resolved);
    for (const stream of this.streams) {
      if (projectIds === 'all') this.write(stream, frame('resync', eventId, { reason: 'gap' }));
      else this.write(stream, render(stream, resolved));
    }
  }

  private async userChanged(userId: number) {
    const mine = [...this.streams].filter((stream) => stream.viewer.userId === userId);
    if (mine.length === 0) return;
    const { seq, eventId } = this.nextId();
    this.remember({ seq, eventId, units: [], cards: new Map(), resync: new Set(), visibility: true });
    const user = (await this.strapi.db.query(USER_UID).findOne({ where: { id: userId }, populate: { role: { select: ['id', 'type'] } } })) as Record<
      string,
      unknown
    > | null;
    let viewer: Viewer | null = null;
    try {
      viewer = user && !user.blocked ? currentViewer({ state: { user } }) : null;
    } catch {
      viewer = null;
    }
    for (const stream of mine) {
      if (!viewer || viewer.isAdmin !== stream.viewer.isAdmin) {
        this.close(stream);
        continue;
      }
      stream.viewer = viewer;
    }
    const lost = await this.refreshVisibility(mine.filter((stream) => !stream.closed));
    for (const stream of mine) {
      if (stream.closed) continue;
      const removals = lost.get(stream);
      if (removals) this.write(stream, removals(eventId));
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
    if (mine.length === 0) return;
    const ids = mine.map((stream) => stream.sessionId).filter((id): id is number => id !== null);
    const live = new Set(
      (
        (await this.strapi.db.query(SESSION_UID).findMany({ select: ['id'], where: { id: { $in: ids }, expiresAt: { $gt: new Date() } } })) as Array<{
          id: number;
        }>
      ).map((row) => row.id),
    );
    for (const stream of mine) if (stream.sessionId === null || !live.has(stream.sessionId)) this.close(stream);
  }

  /**
   * Works out again which projects each agent stream's viewer may see (after a project's visibility,
   * or the agent's profile, changed). A stream that lost projects is told, per unit it could see
   * there, `unit-removed`; a whole-inventory stream (the dashboards) whose projects changed either
   * way then revalidates (one `resync`), since its project cards come and go with them; and a stream
   * that follows a project its viewer lost ends after the removals.
   */
  private async refreshVisibility(only?: Stream[]) {
    const lost = new Map<Stream, (eventId: string) => string>();
    const agents = (only ?? [...this.streams]).filter((stream) => stream.projects !== 'all');
    if (agents.length === 0) return lost;
    const projects = (await this.strapi.db.query(PROJECT_UID).findMany({ select: ['id', 'visibleTo'] })) as Array<{ id: number; visibleTo: string[] | null }>;
    for (const stream of agents) {
      const now = new Set(projectsVisibleToAgent(projects, stream.viewer.agentType as AgentType, stream.viewer.visibleProjects).map((project) => project.id));
      const before = stream.projects as Set<number>;
      const gone = [...before].filter((id) => !now.has(id) && (stream.projectId === null || stream.projectId === id));
      const gained = [...now].some((id) => !before.has(id));
      stream.projects = now;
      stream.key = keyOf(stream);
      const cardsChanged = stream.projectId === null && (gained || gone.length > 0);
      if (gone.length === 0 && !cardsChanged) continue;
      const goneSet = new Set(gone);
      const unitIds = gone.length === 0 ? [] : await this.agentUnitIds(gone);
      const closeAfter = stream.projectId !== null && goneSet.has(stream.projectId);
      lost.set(stream, (eventId) => {
        const text = unitIds.map((id) => frame('unit-removed', eventId, { id })).join('') + (cardsChanged ? frame('resync', eventId, { reason: 'bulk' }) : '');
        if (closeAfter) queueMicrotask(() => this.close(stream));
        return text;
      });
    }
    return lost;
  }

  /** The ids of the units agents may see in these projects (read, not taken from the states). */
  private async agentUnitIds(projectIds: number[]) {
    const rows = (await this.strapi.db
      .query(UNIT_UID)
      .findMany({ select: ['id'], where: { projectId: { $in: projectIds }, unitStatus: { $in: [...AGENT_STATUSES] } }, orderBy: { id: 'asc' } })) as Array<{
      id: number;
    }>;
    return rows.map((row) => row.id);
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
      const projects: Set<number> | 'all' = viewer.isAdmin
        ? 'all'
        : new Set(
            projectsVisibleToAgent(
              (await this.strapi.db.query(PROJECT_UID).findMany({ select: ['id', 'visibleTo'] })) as Array<{ id: number; visibleTo: string[] | null }>,
              viewer.agentType as AgentType,
              viewer.visibleProjects,
            ).map((project) => project.id),
          );
      await this.resolvePending();
      // The first stream after a time with none: the "before" states of every unit, now.
      await this.loadStates(true);
      const stream: Stream = { res, viewer, sessionId, projectId, projects, key: '', closed: false };
      stream.key = keyOf(stream);
      this.streams.add(stream);
      res.once('close', () => this.close(stream));
      // The client may have left while its projects were read.
      if (res.destroyed || res.writableEnded) {
        this.close(stream);
        return stream;
      }
      this.write(stream, `retry: 2000\n:\n\n`);
      if (lastEventId) this.replay(stream, lastEventId);
      return stream;
    });
  }

  private replay(stream: Stream, lastEventId: string) {
    const [instance, raw] = lastEventId.split('-');
    const last = Number(raw);
    const oldest = this.recent[0]?.seq ?? this.seq + 1;
    const known = instance === this.instance && Number.isInteger(last) && last <= this.seq && last >= oldest - 1;
    if (!known) {
      this.write(stream, frame('resync', `${this.instance}-${this.seq}`, { reason: 'gap' }));
      return;
    }
    const missed = this.recent.filter((resolved) => resolved.seq > last);
    if (missed.some((resolved) => resolved.visibility)) {
      this.write(stream, frame('resync', `${this.instance}-${this.seq}`, { reason: 'gap' }));
      return;
    }
    this.write(stream, missed.map((resolved) => render(stream, resolved)).join(''));
  }

  /** Writes to a stream; a client that does not read (its buffer over the bound) is disconnected. */
  private write(stream: Stream, text: string | Buffer) {
    if (stream.closed || text.length === 0) return;
    if (stream.res.destroyed) {
      this.close(stream);
      return;
    }
    if (stream.res.writableLength > this.maxBuffered) {
      this.strapi.log.warn(`Live stream of user ${stream.viewer.userId} disconnected: the client does not keep up`);
      this.close(stream, true);
      return;
    }
    stream.res.write(text);
  }

  private close(stream: Stream, abort = false) {
    if (stream.closed) return;
    stream.closed = true;
    this.streams.delete(stream);
    this.lastListened = Date.now();
    if (abort) stream.res.destroy();
    else stream.res.end();
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
