import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  NOTIFICATION_MESSAGES,
  PROJECT_MESSAGES,
  UNIT_API_MESSAGES,
  notificationAgentType,
  notificationRecipients,
  notificationSentMessage,
  projectAccessList,
  renderImportSummaryEmail,
  renderNotificationEmail,
  type AgentType,
  type NotificationMode,
  type NotificationPreview,
  type NotificationRecipient,
  type NotificationResult,
  type NotificationUnit,
  type RenderedEmail,
} from '@repo/types';
import { failureReason, sendEmail } from '../../../providers/mail';
import { fieldErrors } from '../../../http/errors';
import type { Viewer } from '../../../http/current-viewer';
import { publicUrl } from '../../../server/public-url';
import { viewerSeesProject, visibleStatuses } from '../../project/lib/visibility';

/** Messages sent at the same time: enough to keep a relay busy, few enough not to trip its rate limits. */
const CONCURRENT_SENDS = 4;

interface UserRow {
  id: number;
  email: string;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  agentType: string | null;
  region: string | null;
  blocked: boolean | null;
  visibleProjects: unknown;
  role?: { type: string } | null;
}
export interface ProjectRow {
  id: number;
  name: string;
  location: string | null;
  description: string | null;
  visibleTo: string[] | null;
}
type UnitRow = NotificationUnit & { id: number; projectId: number; unitStatus: string | null };

export interface SendInput {
  projectId: number;
  unitIds: number[];
  mode: NotificationMode;
  recipientIds: number[];
}

/** A recipient as the inventory rules see them: the same Viewer a request of theirs would have. */
interface Recipient {
  id: number;
  email: string;
  displayName: string;
  viewer: Viewer;
}

/** One e-mail as it will leave: to whom, and exactly what. */
interface Message extends RenderedEmail {
  recipient: Recipient;
}

type Candidate = Omit<UserRow, 'role'> & { role: string | null };

const displayNameOf = (user: Candidate) => user.displayName?.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;

/**
 * What a recipient may see, by the very rules their own reads go through (project/lib/visibility):
 * an admin recipient sees everything; an agent their agent type's projects narrowed by their
 * project access, and only the statuses agents may see (spec §6).
 */
const viewerOf = (user: Candidate): Viewer => ({
  userId: user.id,
  email: user.email,
  isAdmin: user.role === 'admin',
  agentType: notificationAgentType(user),
  visibleProjects: projectAccessList(user.visibleProjects),
});

/** The units of the list this recipient may see, in the list's order. */
const unitsSeenBy = (viewer: Viewer, units: readonly UnitRow[]) => {
  const statuses = visibleStatuses(viewer);
  return statuses ? units.filter((unit) => statuses.includes(unit.unitStatus as never)) : [...units];
};

const notificationService = ({ strapi }: { strapi: Core.Strapi }) => {
  const findProject = async (id: number) => {
    const project = (await strapi.db
      .query('api::project.project')
      .findOne({ where: { id }, select: ['id', 'name', 'location', 'description', 'visibleTo'] })) as ProjectRow | null;
    if (!project) throw new errors.NotFoundError(PROJECT_MESSAGES.notFound);
    return project;
  };

  /** The spec §6 recipients of the mode, less those whose own access does not reach the project. */
  const recipientsOf = async (project: ProjectRow, mode: NotificationMode): Promise<Recipient[]> => {
    const users = (await strapi.db.query('plugin::users-permissions.user').findMany({
      select: ['id', 'email', 'displayName', 'firstName', 'lastName', 'agentType', 'region', 'blocked', 'visibleProjects'],
      populate: { role: { select: ['type'] } },
      orderBy: { id: 'asc' },
    })) as UserRow[];
    const candidates: Candidate[] = users.map((user) => ({ ...user, role: user.role?.type ?? null }));
    return notificationRecipients(candidates, project.visibleTo, mode)
      .map((user) => ({ id: user.id, email: user.email, displayName: displayNameOf(user), viewer: viewerOf(user) }))
      .filter((recipient) => viewerSeesProject(recipient.viewer, project));
  };

  /**
   * The one place a unit notification is rendered: per recipient, only the units that recipient
   * may see; a recipient who may see none of them gets no e-mail. Send and preview both read this.
   */
  const compose = (project: ProjectRow, units: readonly UnitRow[], recipients: readonly Recipient[]): Message[] => {
    const url = publicUrl(strapi);
    return recipients.flatMap((recipient) => {
      const seen = unitsSeenBy(recipient.viewer, units);
      if (seen.length === 0) return [];
      const { subject, text, html } = renderNotificationEmail(recipient, project, seen, url);
      return [{ recipient, subject, text, html }];
    });
  };

  /** Sends the messages, a few at a time; counts what the mail server accepted. */
  const deliver = async (project: ProjectRow, messages: readonly Message[]) => {
    let sent = 0;
    let reason: string | null = null;
    for (let start = 0; start < messages.length; start += CONCURRENT_SENDS) {
      const outcomes = await Promise.allSettled(
        messages
          .slice(start, start + CONCURRENT_SENDS)
          .map(({ recipient, subject, text, html }) => sendEmail(strapi, { to: recipient.email, subject, text, html })),
      );
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') sent += 1;
        else reason ??= failureReason(outcome.reason);
      }
    }
    if (reason) strapi.log.warn(`Unit notification for project ${project.id}: ${messages.length - sent} of ${messages.length} e-mails failed: ${reason}`);
    return { sent, failed: messages.length - sent, reason };
  };

  const findUnits = async (projectId: number, unitIds: number[]) => {
    const rows = (await strapi.db.query('api::unit.unit').findMany({
      where: { id: { $in: unitIds } },
      select: ['id', 'projectId', 'unitNumber', 'name', 'price', 'description', 'unitStatus'],
    })) as UnitRow[];
    const byId = new Map(rows.filter((unit) => Number(unit.projectId) === projectId).map((unit) => [unit.id, unit]));
    // The first unit the admin picked names the subject, so the order of the request is kept.
    const units = unitIds.map((id) => byId.get(id));
    if (units.some((unit) => !unit)) throw new errors.NotFoundError(UNIT_API_MESSAGES.notFound);
    return units as UnitRow[];
  };

  /** The messages a send with this input would deliver; refuses what the send refuses. */
  const messagesFor = async (input: SendInput) => {
    const project = await findProject(input.projectId);
    const units = await findUnits(project.id, input.unitIds);
    const eligible = await recipientsOf(project, input.mode);
    let recipients = eligible;
    if (input.mode === 'select') {
      const byId = new Map(eligible.map((user) => [user.id, user]));
      const refused = input.recipientIds.filter((id) => !byId.has(id));
      if (refused.length > 0) {
        throw fieldErrors(
          NOTIFICATION_MESSAGES.notEligible(refused[0]),
          refused.map((id) => ({ field: 'recipientIds', message: NOTIFICATION_MESSAGES.notEligible(id) })),
        );
      }
      recipients = input.recipientIds.map((id) => byId.get(id) as Recipient);
    }
    const messages = compose(project, units, recipients);
    // Nobody eligible, or nobody who may see any of these units (say, only unavailable ones for agents).
    if (messages.length === 0) throw new errors.ValidationError(NOTIFICATION_MESSAGES.noEligibleAgents);
    return { project, units, messages };
  };

  const inBackground = (what: string, work: () => Promise<unknown>) => {
    // Runs after the response (or the commit) and never throws into the caller: a mail problem must not undo or fail a write.
    setImmediate(() => {
      work().catch((error: unknown) => strapi.log.error(`${what} failed: ${failureReason(error)}`));
    });
  };

  return {
    /** The recipient picker of the e-mail modal (spec §2, §6): only those who may see the project. */
    async recipients(projectId: number, mode: NotificationMode): Promise<NotificationRecipient[]> {
      const recipients = await recipientsOf(await findProject(projectId), mode);
      return recipients.map((user) => ({ id: user.id, displayName: user.displayName, email: user.email, agentType: user.viewer.agentType as AgentType }));
    },

    /** Spec §7 send notification: one e-mail per recipient about the chosen units they may see. */
    async sendForUnits(input: SendInput): Promise<NotificationResult> {
      const { project, units, messages } = await messagesFor(input);
      const { sent, failed, reason } = await deliver(project, messages);
      if (sent === 0) return { success: false, message: NOTIFICATION_MESSAGES.failed(reason), sent, failed };
      return { success: true, message: notificationSentMessage(units.length, sent), sent, failed };
    },

    /**
     * The Email Preview: every message the same input would send, exactly as it would be sent
     * (per recipient, in the order they would go), and nothing is sent.
     */
    async preview(input: SendInput): Promise<NotificationPreview[]> {
      const { messages } = await messagesFor(input);
      return messages.map(({ recipient, subject, text, html }) => ({
        recipientId: recipient.id,
        to: recipient.email,
        toName: recipient.displayName,
        subject,
        text,
        html,
      }));
    },

    /** After a unit is created with notifyAgents: the send-to-all recipients hear about what they may see, in the background. */
    notifyNewUnits(projectId: number, unitIds: number[]) {
      inBackground(`Notification of new units in project ${projectId}`, async () => {
        const project = await findProject(projectId);
        const recipients = await recipientsOf(project, 'all');
        if (recipients.length > 0) await deliver(project, compose(project, await findUnits(projectId, unitIds), recipients));
      });
    },

    /**
     * After an import with notifyAgents: one summary e-mail per group of recipients who see the same
     * units (recipients in Bcc), never one per row. The groups differ only by status: admins see
     * every status, agents only theirs, and project access is the same for the whole project.
     */
    sendImportSummary(project: ProjectRow, units: Array<NotificationUnit & { unitStatus: string | null }>) {
      inBackground(`Import summary e-mail for project ${project.id}`, async () => {
        const recipients = await recipientsOf(project, 'all');
        const groups = new Map<string, { units: NotificationUnit[]; emails: string[] }>();
        for (const recipient of recipients) {
          const seen = unitsSeenBy(recipient.viewer, units as UnitRow[]);
          if (seen.length === 0) continue;
          const key = seen.map((unit) => unit.id).join(',');
          const group = groups.get(key) ?? { units: seen, emails: [] };
          group.emails.push(recipient.email);
          groups.set(key, group);
        }
        for (const group of groups.values()) {
          const { subject, text, html } = renderImportSummaryEmail(project, group.units, publicUrl(strapi));
          await sendEmail(strapi, { bcc: group.emails, subject, text, html });
        }
      });
    },
  };
};

export type NotificationService = ReturnType<typeof notificationService>;
export default notificationService;
