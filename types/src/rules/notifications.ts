import { MARKETS, type AgentType, type Market } from '../domain';
import { deriveAgentType, isAgentType } from './agent-type';
import { formatLocation, formatPrice } from './format';
import { pluralize } from './plural';

/** Spec §2 e-mail modal: everyone eligible, or the ones the admin ticks. */
export const NOTIFICATION_MODES = ['all', 'select'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export const NOTIFICATION_MESSAGES = {
  selectUnit: 'Please select at least one unit',
  selectRecipient: 'Please select at least one recipient',
  previewNeedsUnit: 'Please select at least one unit to preview the email',
  noEligibleAgents: 'No eligible agents found for notification',
  noUnitsSelected: 'No units selected for notification',
  noAgentsSelected: 'No agents selected for notification',
  noAgentsToNotify: 'No agents to notify',
  loadAgentsFailed: 'Failed to load agent list',
  sentSuccessfully: 'Notification sent successfully',
  notEligible: (id: number) => `User ${id} is not an eligible recipient for this project`,
  failed: (reason?: string | null) => `Failed to send notification: ${reason || 'Unknown error'}`,
} as const;

/** 'Notification sent for n units to m agents' (spec §8). */
export const notificationSentMessage = (units: number, agents: number) => `Notification sent for ${pluralize(units, 'unit')} to ${pluralize(agents, 'agent')}`;

// A subject is one header line: a line break typed into a name must not start another header.
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ');

/** The spec's subject (§7): 'New Property Available: {unit number} in {project name}'. */
export const notificationSubject = (unitNumber: string, projectName: string) => oneLine(`New Property Available: ${unitNumber} in ${projectName}`);

/** The subject of the one summary e-mail an import sends instead of one per row. */
export const importSummarySubject = (count: number, projectName: string, firstUnitNumber: string) =>
  count === 1 ? notificationSubject(firstUnitNumber, projectName) : oneLine(`New Properties Available: ${count} units in ${projectName}`);

/** What the rule reads of a user; the rest of the profile passes through untouched. */
export interface NotificationCandidate {
  role?: string | null;
  agentType?: string | null;
  region?: string | null;
  blocked?: boolean | null;
}

const marketsOf = (visibleTo: readonly string[] | null | undefined): Set<Market> =>
  // Stryker disable next-line ArrayDeclaration: any stand-in list for a missing visibleTo holds no market
  new Set(MARKETS.filter((market) => (visibleTo ?? []).some((entry) => typeof entry === 'string' && entry.trim().toLowerCase() === market)));

/**
 * The agent type a user is notified as: an agent's effective type (agentType, else region, else
 * dubai, as for visibility); an admin's only when the profile names one (spec §3: admins with an
 * agentType can be recipients); nobody else's.
 */
export const notificationAgentType = (user: NotificationCandidate): AgentType | null => {
  const role = (user.role ?? '').trim().toLowerCase();
  if (role === 'agent') return deriveAgentType(user);
  const own = (user.agentType ?? '').trim().toLowerCase();
  return role === 'admin' && isAgentType(own) ? own : null;
};

/** The agent types a notification reaches (spec §6). */
export const notificationAgentTypes = (projectVisibleTo: readonly string[] | null | undefined, mode: NotificationMode): AgentType[] => {
  const markets = marketsOf(projectVisibleTo);
  if (mode === 'select') return ['super', ...MARKETS.filter((market) => markets.has(market))];
  // Send to all, exactly as specified: super plus doha if visible to doha, else dubai if visible to
  // dubai. A project visible to both therefore reaches super and doha agents only.
  if (markets.has('doha')) return ['super', 'doha'];
  if (markets.has('dubai')) return ['super', 'dubai'];
  return ['super'];
};

/**
 * Spec §6: in select mode the users whose agent type is in the project's visibleTo, plus super
 * agents; in all mode super plus doha if the project is visible to doha, else dubai if visible to
 * dubai. Blocked accounts never receive mail. The input order is kept.
 */
export function notificationRecipients<T extends NotificationCandidate>(
  users: readonly T[],
  projectVisibleTo: readonly string[] | null | undefined,
  mode: NotificationMode,
): T[] {
  const types = new Set<AgentType>(notificationAgentTypes(projectVisibleTo, mode));
  return users.filter((user) => {
    if (user.blocked) return false;
    const type = notificationAgentType(user);
    return type !== null && types.has(type);
  });
}

/** One entry of the recipient picker (GET /projects/:id/notification-recipients). */
export interface NotificationRecipient {
  id: number;
  displayName: string;
  email: string;
  agentType: AgentType;
}

/** POST /notifications/units answers this in `data` (HTTP 200 also when sending failed, as spec §7 never throws). */
export interface NotificationResult {
  success: boolean;
  message: string;
  sent: number;
  failed: number;
}

/**
 * POST /notifications/units/preview answers a list of these in `data`: every e-mail the same input
 * to POST /notifications/units would send, per recipient, exactly as the mail server would get it.
 */
export interface NotificationPreview {
  recipientId: number;
  to: string;
  toName: string;
  subject: string;
  text: string;
  html: string;
}

/** The spec's template fields (§7), one set per unit of an e-mail. */
export interface NotificationTemplateParams {
  to_email: string;
  to_name: string;
  subject: string;
  project_name: string;
  unit_name: string;
  location: string;
  price: string;
  description: string;
  unit_id: string;
  project_id: string;
}

export interface NotificationProject {
  id: number | string;
  name: string;
  location?: string | null;
  description?: string | null;
  visibleTo?: readonly string[] | null;
}
export interface NotificationUnit {
  id: number | string;
  unitNumber: string;
  name?: string | null;
  price?: number | null;
  description?: string | null;
}
export interface NotificationAddressee {
  email: string;
  displayName?: string | null;
}

export const notificationTemplateParams = (
  to: NotificationAddressee,
  project: NotificationProject,
  unit: NotificationUnit,
  subject: string,
): NotificationTemplateParams => ({
  to_email: to.email,
  to_name: to.displayName?.trim() || to.email,
  subject,
  project_name: project.name,
  unit_name: unit.name?.trim() || unit.unitNumber,
  location: formatLocation(project.location),
  price: formatPrice(unit.price ?? null, project.visibleTo),
  description: unit.description?.trim() || project.description?.trim() || '',
  unit_id: String(unit.id),
  project_id: String(project.id),
});

/** User text in an HTML body is escaped: a unit description must not become markup in an inbox. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const unitLines = (params: NotificationTemplateParams, link: string | null) => [
  ['Unit', params.unit_name],
  ['Project', params.project_name],
  ['Location', params.location],
  ['Price', params.price],
  ['Description', params.description || '-'],
  ['Unit ID', params.unit_id],
  ['Project ID', params.project_id],
  ...(link ? [['View', link]] : []),
];

const unitLink = (portalUrl: string | null | undefined, unitId: string) => (portalUrl ? `${portalUrl.replace(/\/+$/, '')}/agent/units/${unitId}` : null);

/**
 * The notification e-mail to one agent about one or more units of a project: the subject names the
 * first unit (spec §7), the body lists every unit with all of the spec's template fields. The web's
 * Email Preview renders the same text.
 */
export function renderNotificationEmail(
  to: NotificationAddressee,
  project: NotificationProject,
  units: readonly NotificationUnit[],
  portalUrl?: string | null,
): RenderedEmail & { params: NotificationTemplateParams[] } {
  const subject = notificationSubject(units[0]?.unitNumber ?? '', project.name);
  const params = units.map((unit) => notificationTemplateParams(to, project, unit, subject));
  const name = params[0]?.to_name ?? to.email;
  const intro = units.length === 1 ? `A new property is available in ${project.name}.` : `${units.length} new properties are available in ${project.name}.`;
  const blocks = params.map((entry) => unitLines(entry, unitLink(portalUrl, entry.unit_id)));
  const body = blocks.map((lines) => lines.map(([label, value]) => `${label}: ${value}`).join('\n')).join('\n\n');
  const text = `Hello ${name},\n\n${intro}\n\n${body}\n`;
  const htmlBlocks = blocks
    .map(
      (lines) => `<table>${lines.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`,
    )
    .join('<hr>');
  const html = `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(intro)}</p>${htmlBlocks}`;
  return { subject, text, html, params };
}

/** The single summary e-mail of an import: counts, then the first `listed` units. */
export function renderImportSummaryEmail(
  project: NotificationProject,
  units: readonly NotificationUnit[],
  portalUrl?: string | null,
  listed = 50,
): RenderedEmail {
  const subject = importSummarySubject(units.length, project.name, units[0]?.unitNumber ?? '');
  const shown = units.slice(0, listed).map((unit) => notificationTemplateParams({ email: '' }, project, unit, subject));
  const what = units.length === 1 ? 'A new unit is' : `${units.length} new units are`;
  const intro = `${what} available in ${project.name} (${formatLocation(project.location)}).`;
  const more = units.length > shown.length ? `... and ${units.length - shown.length} more.` : '';
  const line = (unit: NotificationTemplateParams) => `${unit.unit_name}: ${unit.price}`;
  const link = portalUrl ? `${portalUrl.replace(/\/+$/, '')}/agent/projects/${project.id}` : '';
  const text = [intro, '', ...shown.map(line), ...(more ? [more] : []), ...(link ? ['', link] : [])].join('\n');
  const html = `<p>${escapeHtml(intro)}</p><ul>${shown.map((unit) => `<li>${escapeHtml(line(unit))}</li>`).join('')}</ul>${
    more ? `<p>${escapeHtml(more)}</p>` : ''
  }${link ? `<p>${escapeHtml(link)}</p>` : ''}`;
  return { subject, text, html };
}
