import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  planLinkByType,
  planToggleSharing,
  planUnlink,
  PROJECT_MESSAGES,
  unitTypeKey,
  UNSPECIFIED_UNIT_TYPE,
  type ImageUnitSummary,
  type LinkImagesResult,
  type UnitStatus,
  type SharingChange,
  type ToggleSharingResult,
  type UnlinkImagesResult,
} from '@repo/types';
import { removeStoredFiles } from '../lib/images';
import { imagesStateOf, unitImagesData, type ImageUnit, type StoredImage } from '../lib/unit-images';
import { UNIT_IMAGE_MESSAGES } from './unit-image';

export const SHARING_ERRORS = {
  projectNotFound: PROJECT_MESSAGES.notFound,
  noUnitType: 'Set a unit type before sharing images',
} as const;

const toNumberId = (id: number | string | null) => (id === null ? null : Number(id));

/**
 * Sharing images by unit type (spec §4). The plans come from the pure functions in @repo/types;
 * this service only applies one in a single transaction, holding the row locks of every unit of
 * the project, so an upload racing a link either lands before it (and is merged) or after it.
 */
const imageSharing = ({ strapi }: { strapi: Core.Strapi }) => {
  const data = unitImagesData(strapi);

  const inProject = async <T>(projectId: number, work: (units: ImageUnit[]) => Promise<{ result: T; changes: SharingChange<StoredImage>[] }>): Promise<T> => {
    const { result, keys } = await strapi.db.transaction(async ({ trx }) => {
      await data.lock(trx, 'projectId', projectId);
      const units = await data.load({ projectId });
      const { result: outcome, changes } = await work(units);
      await data.applyChanges(units, changes);
      // A unit that starts following another drops its own images: their files go unless still referenced.
      const changed = new Set(changes.map((change) => String(change.unitId)));
      const before = units.filter((unit) => changed.has(String(unit.id))).flatMap((unit) => unit.images.map((image) => image.path));
      return { result: outcome, keys: await data.releasedKeys(before) };
    });
    await removeStoredFiles(strapi, keys);
    return result;
  };

  const requireProject = async (projectId: number) => {
    const project = await strapi.db.query('api::project.project').findOne({ where: { id: projectId }, select: ['id'] });
    if (!project) throw new errors.NotFoundError(SHARING_ERRORS.projectNotFound);
  };

  return {
    /** The unit-images screen's data: every unit of the project, its card fields, images and sharing flags, in one read. */
    async listProject(projectId: number): Promise<ImageUnitSummary[]> {
      await requireProject(projectId);
      const rows = (await strapi.db.query('api::unit.unit').findMany({
        where: { projectId },
        select: ['id', 'unitStatus', 'bedrooms', 'floor'],
        orderBy: { id: 'asc' },
      })) as Array<{ id: number; unitStatus: UnitStatus; bedrooms: number | null; floor: string | null }>;
      const byId = new Map((await data.load({ projectId })).map((unit) => [unit.id, unit]));
      return rows.flatMap((row) => {
        const unit = byId.get(row.id);
        if (!unit) return [];
        const { unitId: _unitId, ...state } = imagesStateOf(unit);
        return [
          { id: unit.id, unitNumber: unit.unitNumber, unitType: unit.unitType, status: row.unitStatus, bedrooms: row.bedrooms, floor: row.floor, ...state },
        ];
      });
    },

    /** 'Link Images': per unit type, the unit with most images becomes the source of the merged set. */
    async link(projectId: number): Promise<LinkImagesResult> {
      await requireProject(projectId);
      return inProject(projectId, async (units) => {
        const plan = planLinkByType(units);
        const groups = plan.groups.map((group) => ({ ...group, sourceUnitId: toNumberId(group.sourceUnitId) }));
        return { result: { changedUnits: plan.changes.length, groups }, changes: plan.changes };
      });
    },

    /** 'Unlink All Units' (no type) or 'Unlink {type} Units'. */
    async unlink(projectId: number, unitType?: string): Promise<UnlinkImagesResult> {
      await requireProject(projectId);
      return inProject(projectId, async (units) => {
        const plan = planUnlink(units, unitType);
        return { result: { changedUnits: plan.changes.length, groups: plan.groups }, changes: plan.changes };
      });
    },

    /** The image-source selector of one unit: follow another unit of its type, or use its own images. */
    async toggle(unitId: number, enabled: boolean): Promise<ToggleSharingResult> {
      const unit = await data.loadOne(unitId);
      if (!unit) throw new errors.NotFoundError(UNIT_IMAGE_MESSAGES.unitNotFound);
      if (enabled && unitTypeKey(unit) === UNSPECIFIED_UNIT_TYPE) throw new errors.ValidationError(SHARING_ERRORS.noUnitType);
      return inProject(unit.projectId, async (units) => {
        const plan = planToggleSharing(units, unitId, enabled);
        if (!plan.ok) throw new errors.ValidationError(plan.error);
        const current = units.find((candidate) => candidate.id === unitId);
        if (!current) throw new errors.NotFoundError(UNIT_IMAGE_MESSAGES.unitNotFound);
        const own = plan.changes.find((candidate) => String(candidate.unitId) === String(unitId));
        const after: ImageUnit = own ? { ...current, ...own, id: current.id } : current;
        return { result: { ...imagesStateOf(after), message: plan.message }, changes: plan.changes };
      });
    },
  };
};

export type ImageSharing = ReturnType<typeof imageSharing>;
export default imageSharing;
