import type { Core } from '@strapi/strapi';
import { toApiUnit } from '../../unit/lib/list-row';
import { frame, type UnitEntry, type UnitState } from './render';

/**
 * Every unit's project and status as one hub last saw them (issue #27): the "before" of the next
 * change, which decides who is told that a unit left their list. Read when a stream opens, dropped
 * when nobody has listened for a while, and read again in part for the projects a resync names.
 */

const UNIT_UID = 'api::unit.unit';

/** A unit as a `unit` event carries it (its list row), and its project. */
export type UnitRow = Record<string, unknown> & { id: number; projectId: number; unitStatus: string };

export class UnitStates {
  /** Every unit's project and status as last seen (the "before" of the next change), once a stream is open. */
  private states: Map<number, UnitState> | null = null;
  private statesLoading: Promise<void> | null = null;
  /**
   * Projects resynced while no stream was open: their units' states are read again when the next
   * stream opens, not at once. Until then the events kept for a replay may start from stale states,
   * but every client that comes back across such a resync revalidates its whole list; and an import
   * of 10,000 units nobody watches no longer reads them back on the event loop as it commits.
   */
  private readonly staleProjects = new Set<number>();
  private staleReload: Promise<void> = Promise.resolve();
  /** Moved by forget(): a read of the states begun before it is not kept. */
  private generation = 0;

  /** `listening` tells whether a stream is open on the hub now. */
  constructor(
    private readonly strapi: Core.Strapi,
    private readonly listening: () => boolean,
  ) {}

  /** Drops the states (read again on the next change or stream). */
  forget() {
    this.generation += 1;
    this.staleProjects.clear();
    this.states = null;
    this.statesLoading = null;
  }

  /**
   * The "before" states, read if they are not held; with `forStream` (a stream opening) or a stream
   * open, the projects resynced meanwhile are read again first.
   */
  async load(forStream = false) {
    while (!this.states) {
      const generation = this.generation;
      this.statesLoading ??= (async () => {
        const states = new Map<number, UnitState>();
        await this.read(states);
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
    if (this.staleProjects.size > 0 && (forStream || this.listening())) {
      const projectIds = [...this.staleProjects];
      this.staleProjects.clear();
      const reload = this.staleReload.then(() => this.reload(projectIds));
      // A stream opening meanwhile waits for the same read; a failed one is tried again next time.
      this.staleReload = reload.catch(() => {
        for (const id of projectIds) this.staleProjects.add(id);
      });
      await reload;
    }
    await this.staleReload;
  }

  /** These projects were resynced while no stream was open: their units are read again when one opens. */
  markStale(projectIds: number[]) {
    for (const id of projectIds) this.staleProjects.add(id);
  }

  /** The "before" states of these projects' units, read again (the others are kept). */
  async reload(projectIds: number[]) {
    const states = this.states as Map<number, UnitState>;
    const wanted = new Set(projectIds);
    for (const [id, state] of states) if (wanted.has(state.projectId)) states.delete(id);
    await this.read(states, { projectId: { $in: projectIds } });
  }

  /** Reads units' project and status into `states` (every unit, or those `where` picks). */
  private async read(states: Map<number, UnitState>, where?: Record<string, unknown>) {
    const rows = (await this.strapi.db.query(UNIT_UID).findMany({ select: ['id', 'projectId', 'unitStatus'], ...(where ? { where } : {}) })) as Array<{
      id: number;
      projectId: number;
      unitStatus: string;
    }>;
    for (const row of rows) states.set(row.id, { projectId: Number(row.projectId), status: row.unitStatus });
  }

  /**
   * A change of units against the states (held: load() has run): each unit's entry, before and after
   * with its events' text, and the projects touched. The states move on to the units' "after".
   */
  advance(eventId: string, unitIds: number[], rows: UnitRow[], removed: Array<[number, number]>, adminOnly: boolean) {
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
    return { entries, touched };
  }
}
