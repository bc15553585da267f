import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { createUnitInputSchema, UNIT_API_MESSAGES, UNIT_WRITABLE_FIELDS, updateUnitInputSchema } from '@repo/types';
import { parseInput } from '../../../http/parse';
import type { Viewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';

const UID = 'api::unit.unit';

/** The panel names the status `unitStatus` (its column); the portal's rules and messages say `status`. */
const toPanelField = (field: string) => (field === 'status' ? 'unitStatus' : field);

/**
 * The unit fields of a panel payload in the portal's input shape. Only the portal's writable fields
 * are taken: images, sale details, archive and sharing have their own portal routes and rules (the
 * 10-image limit, one featured image, sharing plans), so the panel never writes them.
 */
const portalInput = (data: Record<string, unknown>) => {
  const input: Record<string, unknown> = {};
  for (const field of UNIT_WRITABLE_FIELDS) {
    const key = toPanelField(field);
    if (key in data) input[field] = data[key];
  }
  return input;
};

/** The portal's validation errors, with each field named as the panel's form names it. */
const asPanelError = (error: unknown) => {
  if (error instanceof errors.ValidationError) {
    const details = error.details as { errors?: { path: string[]; message: string }[] };
    if (details.errors) {
      details.errors = details.errors.map((problem) => ({ ...problem, path: problem.path.map(toPanelField) }));
    }
  }
  return error;
};

/**
 * The edit view's "E-mail agents" box (`notifyAgents`): an opt-in for this save only. It is never
 * written to the unit (portalInput leaves it out, so its column stays empty); only `true` sends.
 */
const optedIn = (data: Record<string, unknown>) => data.notifyAgents === true;

const rowOf = async (strapi: Core.Strapi, documentId: unknown) => {
  const row = (await strapi.db.query(UID).findOne({ where: { documentId }, select: ['id', 'documentId', 'projectId', 'unitStatus'] })) as {
    id: number;
    documentId: string;
    projectId: number;
    unitStatus: string;
  } | null;
  if (!row) throw new errors.NotFoundError(UNIT_API_MESSAGES.notFound);
  return row;
};

/**
 * A unit written in the CMS panel, through the very services the portal's routes call: the same
 * validation and messages, unit numbers unique in their project, the history entry in the same
 * transaction (the staff member as author, the panel as source), the revision bump.
 */
export const panelUnitWrites = (strapi: Core.Strapi) => {
  const writes = () => portalService(strapi, 'api::unit.unit-writes');
  const notifications = () => portalService(strapi, 'api::notification.notification');
  return {
    async create(viewer: Viewer, data: Record<string, unknown>) {
      const projectId = data.projectId;
      if (typeof projectId !== 'number' || !Number.isInteger(projectId) || projectId < 1) {
        throw new errors.ValidationError('Project is required', { errors: [{ path: ['projectId'], message: 'Project is required' }] });
      }
      try {
        // Opted in, the portal's create e-mails the agents after the commit (Add New Unit's notifyAgents).
        // The portal's own contract reads the panel's fields: the same rules and messages as its routes.
        const value = parseInput(createUnitInputSchema, portalInput(data));
        const [id] = await writes().createUnits(viewer, projectId, [value], { notifyAgents: optedIn(data) });
        const row = (await strapi.db.query(UID).findOne({ where: { id }, select: ['documentId'] })) as { documentId: string };
        return row.documentId;
      } catch (error) {
        throw asPanelError(error);
      }
    },

    /**
     * The panel sends back the revision it loaded: a unit saved in the portal meanwhile answers 409,
     * as in the portal. Opted in, a unit this save makes available e-mails the agents after the
     * commit, through the notification service's send-to-all rules; a failed send is logged, never
     * thrown, so the save stands.
     */
    async update(viewer: Viewer, documentId: unknown, data: Record<string, unknown>) {
      const input = portalInput(data);
      if (typeof data.revision === 'number') input.revision = data.revision;
      try {
        await strapi.db.transaction(async ({ onCommit }) => {
          const before = await rowOf(strapi, documentId);
          await writes().updateUnit(viewer, before.id, parseInput(updateUnitInputSchema, input));
          if (!optedIn(data) || before.unitStatus === 'available') return;
          const after = await rowOf(strapi, documentId);
          if (after.unitStatus === 'available') onCommit(() => notifications().notifyNewUnits(after.projectId, [after.id]));
        });
      } catch (error) {
        throw asPanelError(error);
      }
    },

    /** The unit, its history entry, and its stored image files (those no other unit holds a copy of). */
    async delete(viewer: Viewer, documentId: unknown) {
      const { id } = await rowOf(strapi, documentId);
      await writes().deleteUnits(viewer, [id], { mustExist: true });
    },
  };
};
