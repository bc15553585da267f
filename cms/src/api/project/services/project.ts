import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  imageVariantsOf,
  PROJECT_MESSAGES,
  UNIT_STATUSES,
  type DeleteProjectResult,
  type ProjectCard,
  type ProjectRecord,
  type UnitStatus,
  type UnitStatusCounts,
  type createProjectInputSchema,
  type updateProjectInputSchema,
} from '@repo/types';
import type { z } from 'zod';
import { propertyImageKeyOf, removeStoredFiles } from '../../unit-image/lib/images';
import { type Viewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';
import { conflict } from '../../../http/errors';
import { viewerSeesProject, visibleProjectIds, visibleStatuses } from '../lib/visibility';
import { announce } from '../../live/lib/changes';
import { projectReads, unitStatusCounts } from '../../../db';

const UID = 'api::project.project';
const UNIT_UID = 'api::unit.unit';

/**
 * Deletes a cover this server stored, with its variants, once no project shows it any more (after
 * the project was given another cover, or deleted, and that has committed). Another project may show
 * the same URL (an admin may paste it); then it stays.
 */
const releaseCover = async (strapi: Core.Strapi, url: string | null | undefined) => {
  const key = propertyImageKeyOf(url);
  if (!key) return;
  const stillShown = await strapi.db.query(UID).count({ where: { imageUrl: { $endsWith: key } } });
  if (stillShown === 0) await removeStoredFiles(strapi, [key]);
};

/** A project's row: the contract's ProjectRecord as stored (its cover's variants are worked out from the URL). */
type StoredProject = Omit<ProjectRecord, 'revision' | 'imageVariants'> & { revision: number | null };

/** One entry per field of StoredProject, so a field of ProjectRecord missing here, or one here it lacks, fails the type check. */
const PUBLIC_COLUMNS = {
  id: true,
  name: true,
  location: true,
  description: true,
  projectType: true,
  imageUrl: true,
  imageMetadata: true,
  visibleTo: true,
  createdAt: true,
  updatedAt: true,
  revision: true,
} satisfies Record<keyof StoredProject, true>;
const PUBLIC_FIELDS = Object.keys(PUBLIC_COLUMNS);

/**
 * What a viewer is given of a stored project: admins get its revision (what their edit form sends
 * back); agents never write, so they get nothing they do not need. A row from before projects had a
 * revision reads as 1, the column's default.
 */
export const projectFor = <Row extends StoredProject>(viewer: Pick<Viewer, 'isAdmin'>, { revision, ...stored }: Row) => {
  // The cover's variants (issue #26) follow from its URL when this server stored it.
  const project = { ...stored, imageVariants: imageVariantsOf(stored.imageUrl) };
  return viewer.isAdmin ? { ...project, revision: revision ?? 1 } : project;
};

/**
 * Zero units in every status: a literal (the type makes it name every status), which V8 keeps a fast
 * object; built with Object.fromEntries it was a dictionary, slower to fill, sum and serialise (for
 * the bench's 200 cards, 0.33 ms of a dashboard request with those against 0.25 ms).
 */
const emptyCounts = (): UnitStatusCounts => ({ available: 0, sold: 0, reserved: 0, unavailable: 0, occupied: 0 });

const totalOf = (counts: UnitStatusCounts) => {
  let total = 0;
  for (const status of UNIT_STATUSES) total += counts[status];
  return total;
};

const projectService = ({ strapi }: { strapi: Core.Strapi }) => {
  const projects = projectReads<StoredProject>(strapi, UID, PUBLIC_FIELDS);

  return {
    /** Every dashboard card the viewer may see, with per-status counts from one GROUP BY. */
    async listCards(viewer: Viewer) {
      return this.cardsOf(viewer, await visibleProjectIds(strapi, viewer));
    },

    /**
     * The cards of these projects (or all), as listCards shows them to a viewer of this kind (admin or
     * agent: the fields and the counted statuses depend on nothing else). The live events send these.
     */
    async cardsOf(viewer: Pick<Viewer, 'isAdmin'>, ids: number[] | 'all') {
      if (ids !== 'all' && ids.length === 0) return [];
      const rows = await projects.list(ids);
      const statusCounts = await unitStatusCounts<UnitStatus>(strapi, UNIT_UID, { projectIds: ids, statuses: visibleStatuses(viewer) });
      const counts = new Map<number, UnitStatusCounts>();
      for (const { projectId, status, count } of statusCounts) {
        let entry = counts.get(projectId);
        if (!entry) counts.set(projectId, (entry = emptyCounts()));
        entry[status] = count;
      }
      return rows.map((project) => {
        const unitStatusCounts = counts.get(project.id) ?? emptyCounts();
        return { ...projectFor(viewer, project), totalUnits: totalOf(unitStatusCounts), unitStatusCounts } satisfies ProjectCard;
      });
    },

    /**
     * One project, if the viewer may see it; a hidden project and a missing one look the same. Read
     * with one prepared SELECT (every project and unit route asks for it) rather than the query engine.
     */
    async findVisible(viewer: Viewer, id: number) {
      const project = await projects.byId(id);
      if (!project || !viewerSeesProject(viewer, project)) throw new errors.NotFoundError(PROJECT_MESSAGES.notFound);
      return project;
    },

    async createProject(data: z.output<typeof createProjectInputSchema>) {
      const created = (await strapi.db.query(UID).create({ data: { ...data, revision: 1 }, select: PUBLIC_FIELDS })) as StoredProject;
      await announce(strapi, { kind: 'project', projectId: created.id });
      return projectFor({ isAdmin: true }, created) satisfies ProjectRecord;
    },

    /**
     * Merges the given fields, if the project is still at the revision the form read (else 409, and
     * nothing is written); a change of visibility is copied to the project's units in the same
     * transaction. The revision is claimed by one conditional UPDATE: of two saves from the same
     * revision, the second waits on the row's lock (PostgreSQL) or on the one writer (SQLite), then
     * matches no row.
     */
    async updateProject(id: number, { revision, ...data }: z.output<typeof updateProjectInputSchema>) {
      let replacedCover: string | null = null;
      const result = await strapi.db.transaction(async () => {
        const existing = (await strapi.db.query(UID).findOne({ where: { id }, select: ['id', 'imageUrl'] })) as { imageUrl: string | null } | null;
        if (!existing) throw new errors.NotFoundError(PROJECT_MESSAGES.notFound);
        if (data.imageUrl !== undefined && data.imageUrl !== existing.imageUrl) replacedCover = existing.imageUrl;
        // A row from before projects had a revision holds null, and reads as 1.
        const current = revision === 1 ? { $or: [{ revision: 1 }, { revision: null }] } : { revision };
        const { count } = (await strapi.db.query(UID).updateMany({ where: { id, ...current }, data: { revision: revision + 1 } })) as { count: number };
        if (count === 0) throw conflict(PROJECT_MESSAGES.stale);
        const updated = (await strapi.db.query(UID).update({ where: { id }, data, select: PUBLIC_FIELDS })) as StoredProject;
        if (data.visibleTo) await strapi.db.query(UNIT_UID).updateMany({ where: { projectId: id }, data: { visibleTo: data.visibleTo } });
        await announce(strapi, { kind: 'project', projectId: id });
        return projectFor({ isAdmin: true }, updated) satisfies ProjectRecord;
      });
      await releaseCover(strapi, replacedCover);
      return result;
    },

    /**
     * Deletes the project and all its units (spec §7: units first), recording each unit's deletion, in
     * one transaction; the units' stored image files, and the project's cover, are deleted once it has
     * committed.
     */
    async deleteProject(viewer: Viewer, id: number) {
      const releasedFiles: string[] = [];
      let cover: string | null = null;
      const result = await strapi.db.transaction(async () => {
        const project = (await strapi.db.query(UID).findOne({ where: { id }, select: ['id', 'imageUrl'] })) as { imageUrl: string | null } | null;
        if (!project) throw new errors.NotFoundError(PROJECT_MESSAGES.notFound);
        cover = project.imageUrl;
        const units = (await strapi.db.query(UNIT_UID).findMany({ where: { projectId: id }, select: ['id'] })) as { id: number }[];
        const { deleted } = await portalService(strapi, 'api::unit.unit-writes').deleteUnits(
          viewer,
          units.map((unit) => unit.id),
          { releasedFiles },
        );
        await strapi.db.query(UID).delete({ where: { id } });
        await announce(strapi, { kind: 'project', projectId: id, deleted: true });
        return { id, deletedUnits: deleted } satisfies DeleteProjectResult;
      });
      await removeStoredFiles(strapi, releasedFiles);
      await releaseCover(strapi, cover);
      return result;
    },
  };
};

export type ProjectService = ReturnType<typeof projectService>;
export default factories.createCoreService(UID, projectService);
