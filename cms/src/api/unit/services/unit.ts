import crypto from 'node:crypto';
import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { UNIT_API_MESSAGES, type UnitDetail, type UnitListItem } from '@repo/types';
import { type Viewer } from '../../../http/current-viewer';
import { viewerSeesProject, visibleProjectIds, visibleStatuses } from '../../project/lib/visibility';
import { publicImage, storedImageOf, type ImageRow } from '../../unit-image/lib/unit-images';
import { unitListVersion, type ListVersion } from '../../../db';
import { LIST_FIELDS, toApiUnit, type UnitListRow } from '../lib/list-row';

const UID = 'api::unit.unit';

/** UnitDetail's fields beyond the list's that the unit's own row holds (its images and project are read beside it). */
type DetailColumn = Exclude<keyof UnitDetail, keyof UnitListItem | 'images' | 'project'>;
/** UnitDetail's optional fields, the admin's alone. */
type AdminColumn = Extract<DetailColumn, 'archived' | 'revision'>;

/** One entry per column, so a field of UnitDetail missing here, or one here it lacks, fails the type check. */
const DETAIL_COLUMNS = {
  projectId: true,
  description: true,
  features: true,
  available: true,
  visibleTo: true,
  isImageSource: true,
  isSourceUnit: true,
  sharedImagesUnitId: true,
  useSharedImages: true,
  createdAt: true,
} satisfies Record<Exclude<DetailColumn, AdminColumn>, true>;
const ADMIN_COLUMNS = { archived: true, revision: true } satisfies Record<AdminColumn, true>;

const DETAIL_FIELDS = [...LIST_FIELDS, ...Object.keys(DETAIL_COLUMNS)];
const ADMIN_DETAIL_FIELDS = [...DETAIL_FIELDS, ...Object.keys(ADMIN_COLUMNS)];

/** A unit's row as read for its detail: the link to its image source is an integer column, as is its project. */
type DetailRow = UnitListRow &
  Pick<UnitDetail, Exclude<DetailColumn, 'projectId' | 'sharedImagesUnitId'>> & {
    projectId: number;
    sharedImagesUnitId: number | null;
    images?: ImageRow[];
  };

/**
 * A time as text to the millisecond, whichever way the driver gives it: an epoch number (SQLite) or
 * a Date (PostgreSQL), whose String() drops the milliseconds, so two changes in one second looked alike.
 */
const instant = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

export type { ListVersion };

const unitService = ({ strapi }: { strapi: Core.Strapi }) => {
  const scopeWhere = (viewer: Viewer, projectId: number) => {
    const statuses = visibleStatuses(viewer);
    return statuses ? { projectId, unitStatus: { $in: [...statuses] } } : { projectId };
  };
  const versionOf = unitListVersion(strapi, UID);

  return {
    /**
     * What the project's unit list is validated by: count, newest update, id sum and revision sum of
     * the rows this viewer sees. Cheap (one aggregate on the indexed project column), so a
     * revalidation answers 304 without reading the rows. The revision sum tells apart two of the
     * portal's writes whose update times fall in the same millisecond (every edit and status change
     * moves a unit's revision on); the newest update time covers writes that leave the revision
     * alone (the CMS panel's). It does not look at the project: the caller reads that (and whether
     * the viewer may see it) at the same time, and makes the tag with listTag.
     */
    async listVersion(viewer: Viewer, projectId: number): Promise<ListVersion> {
      return versionOf(projectId, visibleStatuses(viewer));
    },

    /** The list's ETag: its version, the viewer's scope and the project's own update time. */
    listTag(viewer: Viewer, projectId: number, version: ListVersion, projectUpdatedAt: unknown) {
      const scope = viewer.isAdmin ? 'admin' : 'agent';
      const digest = crypto
        .createHash('sha1')
        .update([projectId, scope, version.count, instant(version.newest), version.ids, version.revisions, instant(projectUpdatedAt)].join('|'))
        .digest('base64url');
      return `W/"u-${digest}"`;
    },

    /** All units of a project the viewer may see, in one query (spec §7 list by projectId). */
    async listForProject(viewer: Viewer, projectId: number) {
      const rows = (await strapi.db.query(UID).findMany({
        select: LIST_FIELDS,
        where: scopeWhere(viewer, projectId),
        orderBy: { id: 'asc' },
      })) as UnitListRow[];
      return rows.map((row) => toApiUnit(row) satisfies UnitListItem);
    },

    /**
     * One unit with its images and its project's name, location and visibility. A unit the viewer
     * may not see answers exactly like a unit that does not exist.
     */
    async findVisible(viewer: Viewer, id: number) {
      const unit = (await strapi.db.query(UID).findOne({
        where: { id },
        select: viewer.isAdmin ? ADMIN_DETAIL_FIELDS : DETAIL_FIELDS,
        populate: { images: { select: ['imageId', 'url', 'path', 'name', 'featured', 'isSourceUnit'] } },
      })) as DetailRow | null;
      if (!unit) throw new errors.NotFoundError(UNIT_API_MESSAGES.notFound);
      const statuses = visibleStatuses(viewer);
      const projectId = Number(unit.projectId);
      if (statuses && !statuses.includes(unit.unitStatus)) throw new errors.NotFoundError(UNIT_API_MESSAGES.notFound);
      const project = (await strapi.db
        .query('api::project.project')
        .findOne({ where: { id: projectId }, select: ['id', 'name', 'location', 'visibleTo'] })) as UnitDetail['project'];
      if (!project || !viewerSeesProject(viewer, project)) throw new errors.NotFoundError(UNIT_API_MESSAGES.notFound);
      // The link is an integer column; the API speaks of it as a unit id string (spec §3, types' Unit).
      const link = unit.sharedImagesUnitId;
      const sharedImagesUnitId = link === null || link === undefined ? null : String(link);
      return {
        ...toApiUnit(unit),
        projectId: String(projectId),
        sharedImagesUnitId,
        images: (unit.images ?? []).map((image) => publicImage(storedImageOf(image))),
        project,
      } satisfies UnitDetail;
    },

    /** The ids of the projects the viewer may see (re-exported for the unit routes). */
    visibleProjectIds: (viewer: Viewer) => visibleProjectIds(strapi, viewer),
  };
};

export type UnitService = ReturnType<typeof unitService>;
export default factories.createCoreService(UID, unitService);
