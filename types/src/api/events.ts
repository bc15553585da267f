import type { ProjectCard } from './projects';
import type { UnitListItem } from './units';

/**
 * The live-availability contract (beyond the spec; issue #27): one Server-Sent Events stream per
 * project, `GET /api/projects/:id/events`, answered `text/event-stream` to a signed-in user who may
 * see that project, and exactly like a project that does not exist (404, the same body) otherwise.
 *
 * Every event has an `id` (a string the server increases per stream source); a client that
 * reconnects with `Last-Event-ID` gets what it missed, or one `resync` when the gap is too old to
 * replay (the client then revalidates its list with the ETag it holds). The stream's comments
 * (lines starting with ':') are heartbeats and carry nothing.
 *
 * What a viewer receives is what their own list would show: an agent gets `unit` only for a unit
 * they may see, with the same fields and currency rules as their list row, and `unit-removed` for a
 * unit that left their view (it became unavailable or occupied, or its project left their access),
 * never anything that names the new status. Admins get every change.
 */
export const PROJECT_EVENT_PATHS = {
  projectEvents: (projectId: number | string) => `/projects/${projectId}/events`,
  /**
   * The viewer's whole inventory in one stream, for the screens that span projects (the dashboards'
   * counts, the sold units list): the same events and rules, for every project the viewer may see,
   * so a tab holds one connection whatever it shows.
   */
  allEvents: '/events',
} as const;

export const PROJECT_EVENT_TYPES = ['unit', 'unit-removed', 'project', 'resync'] as const;
export type ProjectEventType = (typeof PROJECT_EVENT_TYPES)[number];

/** `event: unit`: the unit as the viewer's list shows it (UnitListItem, the viewer's fields only). */
export interface UnitEventData {
  unit: UnitListItem;
}

/** `event: unit-removed`: only the id; nothing about why. */
export interface UnitRemovedEventData {
  id: number;
}

/** `event: project`: the project's dashboard card with its counts, as GET /projects shows it to this viewer. */
export interface ProjectEventData {
  project: ProjectCard;
}

/** `event: resync`: too much changed (a large import) or the gap is too old to replay: revalidate. */
export interface ResyncEventData {
  reason: 'gap' | 'bulk';
}

export type ProjectEvent =
  | { type: 'unit'; id: string; data: UnitEventData }
  | { type: 'unit-removed'; id: string; data: UnitRemovedEventData }
  | { type: 'project'; id: string; data: ProjectEventData }
  | { type: 'resync'; id: string; data: ResyncEventData };

/** How long the server waits between heartbeat comments on an idle stream. */
export const PROJECT_EVENTS_HEARTBEAT_MS = 15_000;
