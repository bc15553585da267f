import crypto from 'node:crypto';
import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { type Viewer } from '../../../http/current-viewer';
import { viewerSeesProject, visibleProjectIds, visibleStatuses } from '../../project/lib/visibility';
import { UNIT_NOT_FOUND } from '../messages';
import { placeholders, selectRows, tableOf } from '../../../db';
import { LIST_FIELDS, toApiUnit } from '../lib/list-row';

const UID = 'api::unit.unit';

const DETAIL_FIELDS = [
  ...LIST_FIELDS,
  'projectId',
  'description',
  'features',
  'available',
  'visibleTo',
  'isImageSource',
  'isSourceUnit',
  'sharedImagesUnitId',
  'useSharedImages',
  'createdAt',
];
const ADMIN_DETAIL_FIELDS = [...DETAIL_FIELDS, 'archived', 'revision'];

interface ImageRow {
  imageId: string;
  url: string;
  name: string | null;
  featured: boolean | null;
  isSourceUnit: boolean | null;
}

type Row = Record<string, unknown> & { unitStatus?: unknown; projectId?: unknown };

/**
 * A time as text to the millisecond, whichever way the driver gives it: an epoch number (SQLite) or
 * a Date (PostgreSQL), whose String() drops the milliseconds, so two changes in one second looked alike.
 */
const instant = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/** The aggregate a unit list's ETag is made from (listVersion). */
export interface ListVersion {
  count: unknown;
  newest: unknown;
  ids: unknown;
  revisions: unknown;
}


const toApiImage = (image: ImageRow) => ({
  id: image.imageId,
  url: image.url,
  name: image.name,
  featured: Boolean(image.featured),
  isSourceUnit: Boolean(image.isSourceUnit),
});

const unitService = ({ strapi }: { strapi: Core.Strapi }) => {
  const scopeWhere = (viewer: Viewer, projectId: number) => {
    const statuses = visibleStatuses(viewer);
    return statuses ? { projectId, unitStatus: { $in: [...statuses] } } : { projectId };
  };
  // The validator's aggregate as prepared SQL, one per number of visible statuses (all, or the agents' three).
  const versionSqls = new Map<number, string>();
  const versionSql = (statusCount: number) => {
    let sql = versionSqls.get(statusCount);
    if (!sql) {
      const units = tableOf(strapi, UID);
      const inStatuses = statusCount ? ` and ${units.column('unitStatus')} in (${placeholders(statusCount)})` : '';
      sql = `select count(*) as count, max(${units.column('updatedAt')}) as newest, sum(id) as ids, sum(${units.column('revision')}) as revisions from ${units.table} where ${units.column('projectId')} = ?${inStatuses}`;
      versionSqls.set(statusCount, sql);
    }
    return sql;
  };

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
      const statuses = visibleStatuses(viewer);
      const [row] = await selectRows(strapi, versionSql(statuses?.length ?? 0), [projectId, ...(statuses ?? [])]);
      return row as unknown as ListVersion;
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
      })) as Row[];
      return rows.map(toApiUnit);
    },

    /**
     * One unit with its images and its project's name, location and visibility. A unit the viewer
     * may not see answers exactly like a unit that does not exist.
     */
    async findVisible(viewer: Viewer, id: number) {
      const unit = (await strapi.db.query(UID).findOne({
        where: { id },
        select: viewer.isAdmin ? ADMIN_DETAIL_FIELDS : DETAIL_FIELDS,
        populate: { images: { select: ['imageId', 'url', 'name', 'featured', 'isSourceUnit'] } },
      })) as (Row & { images?: ImageRow[] }) | null;
      if (!unit) throw new errors.NotFoundError(UNIT_NOT_FOUND);
      const statuses = visibleStatuses(viewer);
      const projectId = Number(unit.projectId);
      if (statuses && !statuses.includes(unit.unitStatus as never)) throw new errors.NotFoundError(UNIT_NOT_FOUND);
      const project = (await strapi.db
        .query('api::project.project')
        .findOne({ where: { id: projectId }, select: ['id', 'name', 'location', 'visibleTo'] })) as { id: number; visibleTo: string[] | null } | null;
      if (!project || !viewerSeesProject(viewer, project)) throw new errors.NotFoundError(UNIT_NOT_FOUND);
      // The link is an integer column; the API speaks of it as a unit id string (spec §3, types' Unit).
      const link = unit.sharedImagesUnitId;
      const sharedImagesUnitId = link === null || link === undefined ? null : String(link);
      return { ...toApiUnit(unit), projectId: String(projectId), sharedImagesUnitId, images: (unit.images ?? []).map(toApiImage), project };
    },

    /** The ids of the projects the viewer may see (re-exported for the unit routes). */
    visibleProjectIds: (viewer: Viewer) => visibleProjectIds(strapi, viewer),
  };
};

export type UnitService = ReturnType<typeof unitService>;
export default factories.createCoreService(UID, unitService);
