import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  NOTIFICATION_MESSAGES,
  notificationAgentType,
  notificationRecipients,
  notificationSentMessage,
  renderImportSummaryEmail,
  renderNotificationEmail,
  type AgentType,
  type NotificationMode,
  type NotificationRecipient,
  type NotificationResult,
  type NotificationUnit,
} from '@repo/types';
import { failureReason, portalUrl, sendEmail } from '../../../providers/mail';
import { fieldErrors } from '../../../http/errors';
import { UNIT_NOT_FOUND } from '../../unit/messages';
import { PROJECT_NOT_FOUND } from '../../project/messages';

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
  role?: { type: string } | null;
}
export interface ProjectRow {
  id: number;
  name: string;
  location: string | null;
  description: string | null;
  visibleTo: string[] | null;
}
type UnitRow = NotificationUnit & { id: number; projectId: number };

export interface SendInput {
  projectId: number;
  unitIds: number[];
  mode: NotificationMode;
  recipientIds: number[];
}

const displayNameOf = (user: UserRow) => user.displayName?.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;

const notificationService = ({ strapi }: { strapi: Core.Strapi }) => {
  const findProject = async (id: number) => {
    const project = (await strapi.db
      .query('api::project.project')
      .findOne({ where: { id }, select: ['id', 'name', 'location', 'description', 'visibleTo'] })) as ProjectRow | null;
    if (!project) throw new errors.NotFoundError(PROJECT_NOT_FOUND);
    return project;
  };

  const recipientsOf = async (project: ProjectRow, mode: NotificationMode) => {
    const users = (await strapi.db.query('plugin::users-permissions.user').findMany({
      select: ['id', 'email', 'displayName', 'firstName', 'lastName', 'agentType', 'region', 'blocked'],
      populate: { role: { select: ['type'] } },
      orderBy: { id: 'asc' },
    })) as UserRow[];
    const candidates = users.map((user) => ({ ...user, displayName: displayNameOf(user), role: user.role?.type ?? null }));
    return notificationRecipients(candidates, project.visibleTo, mode);
  };

  /** One e-mail per recipient, a few at a time; counts what the mail server accepted. */
  const deliver = async (project: ProjectRow, units: UnitRow[], recipients: { email: string; displayName: string }[]) => {
    let sent = 0;
    let reason: string | null = null;
    const url = portalUrl(strapi);
    for (let start = 0; start < recipients.length; start += CONCURRENT_SENDS) {
      const outcomes = await Promise.allSettled(
        recipients.slice(start, start + CONCURRENT_SENDS).map((to) => {
          const { subject, text, html } = renderNotificationEmail(to, project, units, url);
          return sendEmail(strapi, { to: to.email, subject, text, html });
        }),
      );
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') sent += 1;
        else reason ??= failureReason(outcome.reason);
      }
    }
    if (reason) strapi.log.warn(`Unit notification for project ${project.id}: ${recipients.length - sent} of ${recipients.length} e-mails failed: ${reason}`);
    return { sent, failed: recipients.length - sent, reason };
  };

  const findUnits = async (projectId: number, unitIds: number[]) => {
    const rows = (await strapi.db.query('api::unit.unit').findMany({
      where: { id: { $in: unitIds } },
      select: ['id', 'projectId', 'unitNumber', 'name', 'price', 'description'],
    })) as UnitRow[];
    const byId = new Map(rows.filter((unit) => Number(unit.projectId) === projectId).map((unit) => [unit.id, unit]));
    // The first unit the admin picked names the subject, so the order of the request is kept.
    const units = unitIds.map((id) => byId.get(id));
    if (units.some((unit) => !unit)) throw new errors.NotFoundError(UNIT_NOT_FOUND);
    return units as UnitRow[];
  };

  const inBackground = (what: string, work: () => Promise<unknown>) => {
    // Runs after the response (or the commit) and never throws into the caller: a mail problem must not undo or fail a write.
    setImmediate(() => {
      work().catch((error: unknown) => strapi.log.error(`${what} failed: ${failureReason(error)}`));
    });
  };

  return {
    /** The recipient picker of the e-mail modal (spec §2, §6). */
    async recipients(projectId: number, mode: NotificationMode): Promise<NotificationRecipient[]> {
      const recipients = await recipientsOf(await findProject(projectId), mode);
      return recipients.map((user) => ({ id: user.id, displayName: user.displayName, email: user.email, agentType: notificationAgentType(user) as AgentType }));
    },

    /** Spec §7 send notification: one e-mail per recipient about the chosen units of one project. */
    async sendForUnits(input: SendInput): Promise<NotificationResult> {
      const project = await findProject(input.projectId);
      const units = await findUnits(project.id, input.unitIds);
      const eligible = await recipientsOf(project, input.mode);
      let recipients = eligible;
      if (input.mode === 'select') {
        const byId = new Map(eligible.map((user) => [user.id, user]));
        const refused = input.recipientIds.filter((id) => !byId.has(id));
        if (refused.length > 0) {
          throw fieldErrors(NOTIFICATION_MESSAGES.notEligible(refused[0]), refused.map((id) => ({ field: 'recipientIds', message: NOTIFICATION_MESSAGES.notEligible(id) })));
        }
        recipients = input.recipientIds.map((id) => byId.get(id) as (typeof eligible)[number]);
      }
      if (recipients.length === 0) throw new errors.ValidationError(NOTIFICATION_MESSAGES.noEligibleAgents);
      const { sent, failed, reason } = await deliver(project, units, recipients);
      if (sent === 0) return { success: false, message: NOTIFICATION_MESSAGES.failed(reason), sent, failed };
      return { success: true, message: notificationSentMessage(units.length, sent), sent, failed };
    },

    /** After a unit is created with notifyAgents: the send-to-all recipients hear about it, in the background. */
    notifyNewUnits(projectId: number, unitIds: number[]) {
      inBackground(`Notification of new units in project ${projectId}`, async () => {
        const project = await findProject(projectId);
        const recipients = await recipientsOf(project, 'all');
        if (recipients.length > 0) await deliver(project, await findUnits(projectId, unitIds), recipients);
      });
    },

    /** After an import with notifyAgents: ONE summary e-mail (recipients in Bcc), never one per row. */
    sendImportSummary(project: ProjectRow, units: NotificationUnit[]) {
      inBackground(`Import summary e-mail for project ${project.id}`, async () => {
        const recipients = await recipientsOf(project, 'all');
        if (recipients.length === 0 || units.length === 0) return;
        const { subject, text, html } = renderImportSummaryEmail(project, units, portalUrl(strapi));
        await sendEmail(strapi, { bcc: recipients.map((user) => user.email), subject, text, html });
      });
    },
  };
};

export type NotificationService = ReturnType<typeof notificationService>;
export default notificationService;
