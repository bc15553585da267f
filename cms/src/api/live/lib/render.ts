import type { ServerResponse } from 'node:http';
import { AGENT_VISIBLE_STATUSES, type ProjectEventType } from '@repo/types';
import type { Viewer } from '../../../http/current-viewer';

/**
 * What one viewer receives of a change (issue #27), as pure functions of the viewer's stream and the
 * change as the hub resolved it: an agent gets `unit` only for a unit they may see now, and
 * `unit-removed` only for one they could see before; admins get every change.
 */

export const AGENT_STATUSES = new Set<string>(AGENT_VISIBLE_STATUSES);

export interface UnitState {
  projectId: number;
  status: string;
}

export interface Stream {
  res: ServerResponse;
  viewer: Viewer;
  sessionId: number | null;
  /** The project this stream follows, or null for the viewer's whole inventory (GET /api/events). */
  projectId: number | null;
  /** The projects the viewer may see now. */
  projects: Set<number> | 'all';
  /** Streams with the same key receive the same text for a change (rendered once). */
  key: string;
  closed: boolean;
}

export const keyOf = (stream: Pick<Stream, 'viewer' | 'projectId' | 'projects'>) =>
  `${stream.viewer.isAdmin ? 'a' : 'g'}|${stream.projectId ?? '*'}|${stream.projects === 'all' ? 'all' : [...stream.projects].sort((x, y) => x - y).join(',')}`;

export interface UnitEntry {
  id: number;
  before: UnitState | null;
  after: UnitState | null;
  /** The `unit` event's text (the list row), when the unit still exists. */
  unitText: string | null;
  removedText: string;
  adminOnly: boolean;
}

export interface Resolved {
  seq: number;
  eventId: string;
  units: UnitEntry[];
  /** Per project: the card event for admins and for agents (null: unchanged for agents). */
  cards: Map<number, { admin: string | null; agent: string | null }>;
  /** Projects whose viewers revalidate (a large import, a deleted project). */
  resync: Set<number>;
  /** Some viewer's visibility changed: a replay across it is a resync. */
  visibility: boolean;
}

export const frame = (type: ProjectEventType, eventId: string, data: unknown) => `id: ${eventId}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

export const agentSees = (state: UnitState | null) => (state && AGENT_STATUSES.has(state.status) ? state.status : null);

const seesState = (stream: Stream, state: UnitState | null) => {
  if (!state) return false;
  if (stream.projectId !== null && state.projectId !== stream.projectId) return false;
  if (stream.viewer.isAdmin) return true;
  return AGENT_STATUSES.has(state.status) && (stream.projects as Set<number>).has(state.projectId);
};

const seesProject = (stream: Stream, projectId: number) => {
  if (stream.projectId !== null && stream.projectId !== projectId) return false;
  return stream.projects === 'all' || stream.projects.has(projectId);
};

/** What one viewer receives of a resolved change: what their own list would show, nothing else. */
export const render = (stream: Stream, resolved: Resolved) => {
  let text = '';
  const admin = stream.viewer.isAdmin;
  for (const entry of resolved.units) {
    if (entry.adminOnly && !admin) continue;
    if (seesState(stream, entry.after)) text += entry.unitText ?? '';
    else if (seesState(stream, entry.before)) text += entry.removedText;
  }
  for (const projectId of resolved.resync)
    if (seesProject(stream, projectId) || stream.projectId === projectId) text += frame('resync', resolved.eventId, { reason: 'bulk' });
  for (const [projectId, card] of resolved.cards) {
    const event = admin ? card.admin : card.agent;
    if (event && seesProject(stream, projectId)) text += event;
  }
  return text;
};
