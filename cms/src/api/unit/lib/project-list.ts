import type { Core } from '@strapi/strapi';
import type { Viewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';

/**
 * The project (404 unless this viewer may see it) and the validator of its unit list, read at the
 * same time: on PostgreSQL on two of the pool's connections, one round trip instead of two.
 */
export const projectListTag = async (strapi: Core.Strapi, viewer: Viewer, projectId: number) => {
  const units = portalService(strapi, 'api::unit.unit');
  const [project, version] = await Promise.all([
    portalService(strapi, 'api::project.project').findVisible(viewer, projectId),
    units.listVersion(viewer, projectId),
  ]);
  return { projectId: project.id, etag: units.listTag(viewer, project.id, version, project.updatedAt) };
};
