import crypto from 'node:crypto';
import type { LiveChange } from './changes';
import type { Resolved } from './render';
import type { UnitRow } from './unit-states';

/**
 * The replay buffer of one hub (issue #27, see hub.ts): the changes' ids, `<instance>-<sequence>`;
 * the last changes resolved, for a client that reconnects with Last-Event-ID; and the changes made
 * while no stream was open, until one opens.
 */

/** A change's place in this instance's sequence, and its event id. */
export interface ChangeId {
  seq: number;
  eventId: string;
}

/** A change nobody heard yet: its id and, for units, their rows as the change left them. */
export interface PendingChange extends ChangeId {
  change: LiveChange;
  rows?: UnitRow[];
}

export class ReplayLog {
  readonly instance = crypto.randomBytes(4).toString('hex');
  private seq = 0;
  private readonly recent: Resolved[] = [];
  private recentUnits = 0;
  /**
   * Changes made while no stream was open, in the minute a client has to come back: each has its id
   * and, for units, their rows as the change left them (one read). Their events are rendered and kept
   * for a replay only when a stream next opens here, or a change arrives with one open: a bulk change
   * on an instance whose phones dropped their streams costs the event loop one read meanwhile, and a
   * client that comes back gets the same events as if it had stayed (the project cards excepted: they
   * are counted when the change is resolved).
   */
  private pending: PendingChange[] = [];
  private pendingUnits = 0;

  /** `recentMax` changes are kept at most, holding `recentUnitsMax` units in all. */
  constructor(
    private readonly recentMax: number,
    private readonly recentUnitsMax: number,
  ) {}

  nextId(): ChangeId {
    this.seq += 1;
    return { seq: this.seq, eventId: `${this.instance}-${this.seq}` };
  }

  /** The id of the last change given one: a `resync` sent instead of a replay carries it. */
  get lastId() {
    return `${this.instance}-${this.seq}`;
  }

  /** Keeps the last changes for replay, bounded by their number and by the units they hold (memory). */
  remember(resolved: Resolved) {
    this.recent.push(resolved);
    this.recentUnits += resolved.units.length;
    while (this.recent.length > 1 && (this.recent.length > this.recentMax || this.recentUnits > this.recentUnitsMax)) {
      this.recentUnits -= (this.recent.shift() as Resolved).units.length;
    }
  }

  /**
   * Keeps a change nobody hears now for the next stream (see pending). False past the replay
   * buffer's bounds: the caller then drops the whole buffer, since a client coming back missed more
   * than is kept.
   */
  defer(pending: PendingChange) {
    this.pending.push(pending);
    const { change } = pending;
    if (change.kind === 'units') this.pendingUnits += change.unitIds.length + (change.removed?.length ?? 0);
    return this.pending.length <= this.recentMax && this.pendingUnits <= this.recentUnitsMax;
  }

  /** The deferred changes, in order, handed over to be resolved; none are kept any more. */
  takePending() {
    const pending = this.pending;
    this.pending = [];
    this.pendingUnits = 0;
    return pending;
  }

  /** Drops every change kept, deferred or resolved: a client coming back gets one resync. */
  clear() {
    this.pending = [];
    this.pendingUnits = 0;
    this.recent.length = 0;
    this.recentUnits = 0;
  }

  /**
   * What a client whose last event was `lastEventId` missed, or null when it is to resync: the id is
   * another instance's or older than what is kept, or a viewer's visibility changed in between.
   */
  missedSince(lastEventId: string): Resolved[] | null {
    const [instance, raw] = lastEventId.split('-');
    const last = Number(raw);
    const oldest = this.recent[0]?.seq ?? this.seq + 1;
    const known = instance === this.instance && Number.isInteger(last) && last <= this.seq && last >= oldest - 1;
    if (!known) return null;
    const missed = this.recent.filter((resolved) => resolved.seq > last);
    return missed.some((resolved) => resolved.visibility) ? null : missed;
  }
}
