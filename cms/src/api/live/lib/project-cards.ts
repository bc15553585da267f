import type { Core } from '@strapi/strapi';
import { portalService } from '../../../server/services';
import { agentSees, frame, type UnitEntry, type UnitState } from './render';

/**
 * The project cards a change sends (issue #27): a card counts its project's units by status, so a
 * change of units sends the cards whose counts moved, as admins see them and as agents do (theirs
 * count only the statuses agents see).
 */

/** The changed projects' cards, for admins when a status or a unit count moved, for agents when what they count did. */
export const changedCards = async (strapi: Core.Strapi, entries: UnitEntry[], touched: Set<number>, eventId: string) => {
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
  return renderCards(strapi, [...touched], forAdmins, forAgents, eventId);
};

/** These projects' `project` events, read for admins and for agents where each is wanted (null: not sent). */
export const renderCards = async (strapi: Core.Strapi, projectIds: number[], forAdmins: Set<number>, forAgents: Set<number>, eventId: string) => {
  const cards = new Map<number, { admin: string | null; agent: string | null }>();
  const projects = portalService(strapi, 'api::project.project');
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
};
