import type { Core } from '@strapi/strapi';
import type { InsightService } from '../api/insight/services/insight';
import type { NotificationService } from '../api/notification/services/notification';
import type { ProjectService } from '../api/project/services/project';
import type { PropertyImageService } from '../api/project/services/property-image';
import type { SoldUnitService } from '../api/sold-unit/services/sold-unit';
import type { UnitHistoryService } from '../api/unit-history/services/unit-history';
import type { ImageSharing } from '../api/unit-image/services/image-sharing';
import type { UnitImages } from '../api/unit-image/services/unit-image';
import type { UnitService } from '../api/unit/services/unit';
import type { UnitImport } from '../api/unit/services/unit-import';
import type { UnitWrites } from '../api/unit/services/unit-writes';

/** The portal's services by uid, each typed by the factory that builds it. */
export interface PortalServices {
  'api::insight.insight': InsightService;
  'api::notification.notification': NotificationService;
  'api::project.project': ProjectService;
  'api::project.property-image': PropertyImageService;
  'api::sold-unit.sold-unit': SoldUnitService;
  'api::unit-history.unit-history': UnitHistoryService;
  'api::unit-image.image-sharing': ImageSharing;
  'api::unit-image.unit-image': UnitImages;
  'api::unit.unit': UnitService;
  'api::unit.unit-import': UnitImport;
  'api::unit.unit-writes': UnitWrites;
}

/**
 * The one typed door to Strapi's service registry. Strapi types `strapi.service(uid)` by its own
 * generated registry, which knows nothing of our factories' return types, so the cast lives here
 * once instead of at every call site.
 */
export const portalService = <Uid extends keyof PortalServices>(strapi: Core.Strapi, uid: Uid): PortalServices[Uid] =>
  strapi.service(uid) as unknown as PortalServices[Uid];
