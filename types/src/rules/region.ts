import type { AgentType, Market } from '../domain';

/** The two fields the region rules read; the rest of a project is irrelevant here. */
export interface RegionSource {
  location?: string | null;
  visibleTo?: readonly string[] | null;
}

export interface ProjectRegions {
  dubai: boolean;
  doha: boolean;
}

export interface ProjectsByRegion<T> {
  dubai: T[];
  doha: T[];
  other: T[];
}

/** Who a default project list is computed for: any agent type, or an admin. */
export type ProjectAccessType = AgentType | 'admin';

type ProjectId = number | string;

// Imported rows and older documents are not always lower case, so markets compare loosely.
function hasMarket(visibleTo: readonly string[] | null | undefined, market: Market): boolean {
  // Stryker disable next-line ArrayDeclaration: any stand-in list for a missing visibleTo holds no market
  return (visibleTo ?? []).some((entry) => typeof entry === 'string' && entry.trim().toLowerCase() === market);
}

/**
 * Which region sections a project belongs to (spec §2): by its location text, case-insensitive,
 * or by its visibility. A project can belong to both.
 */
export function projectRegions(project: RegionSource): ProjectRegions {
  // Stryker disable next-line StringLiteral: any stand-in text for a missing location names no region
  const location = (project.location ?? '').toLowerCase();
  return {
    dubai: location.includes('dubai') || hasMarket(project.visibleTo, 'dubai'),
    doha: location.includes('doha') || hasMarket(project.visibleTo, 'doha'),
  };
}

/** The dashboard sections; a project in both regions appears in both, 'other' holds the rest. */
export function groupProjectsByRegion<T extends RegionSource>(projects: readonly T[]): ProjectsByRegion<T> {
  const groups: ProjectsByRegion<T> = { dubai: [], doha: [], other: [] };
  for (const project of projects) {
    const regions = projectRegions(project);
    if (regions.dubai) groups.dubai.push(project);
    if (regions.doha) groups.doha.push(project);
    if (!regions.dubai && !regions.doha) groups.other.push(project);
  }
  return groups;
}

/**
 * The projects an agent may browse (spec §6). Unlike the dashboard grouping this reads only
 * visibleTo: the location text is descriptive, visibility is the permission.
 * visibleProjects narrows the result further. Null or absent means "none assigned", so the
 * defaults of the agent type apply (spec §4); an empty list is an admin's explicit "no project at
 * all" (spec §6: "An agent with no visible projects gets an empty unit list"), so nothing is left.
 */
export function projectsVisibleToAgent<T extends { id: ProjectId; visibleTo?: readonly string[] | null }>(
  projects: readonly T[],
  agentType: AgentType,
  visibleProjects?: readonly ProjectId[] | null,
): T[] {
  const byType = agentType === 'super' ? [...projects] : projects.filter((project) => hasMarket(project.visibleTo, agentType));
  if (visibleProjects === null || visibleProjects === undefined) return byType;
  // Ids arrive as numbers from the profile and as text from unit.projectId; compare as text.
  const allowed = new Set(visibleProjects.map(String));
  return byType.filter((project) => allowed.has(String(project.id)));
}

/**
 * An agent's stored project access, read once for every rule: a list (even an empty one) is the
 * admin's choice and keeps only real ids; anything else (null, absent, a stray value written in the
 * CMS panel) is "none assigned", the agent type's defaults (spec §4).
 */
export function projectAccessList(value: unknown): number[] | null {
  return Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : null;
}

/**
 * The ids pre-ticked in an agent's Project Access checklist when none are assigned (spec §4):
 * dubai and doha agents get their region's projects by the dashboard's region rule, super agents
 * and admins get everything.
 */
export function defaultProjectAccess<T extends RegionSource & { id: ProjectId }>(projects: readonly T[], accessType: ProjectAccessType): Array<T['id']> {
  if (accessType === 'super' || accessType === 'admin') return projects.map((project) => project.id);
  return projects.filter((project) => projectRegions(project)[accessType]).map((project) => project.id);
}
