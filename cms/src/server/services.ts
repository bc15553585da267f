import type { Core } from '@strapi/strapi';
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

/** What the admin panel's role service offers that the portal uses (Strapi's own admin roles, issue #24). */
export interface AdminRoleService {
  findOne(params: Record<string, unknown>): Promise<{ id: number; code: string } | null>;
  create(attributes: Record<string, unknown>): Promise<{ id: number }>;
  getUsersCount(roleId: number): Promise<number>;
  deleteByIds(ids: number[]): Promise<unknown>;
  assignPermissions(roleId: number, permissions: Record<string, unknown>[]): Promise<unknown>;
  getSuperAdmin(): Promise<{ id: number } | null>;
}

/** A content type's (or component's) view configuration in the CMS panel: its list and edit layouts. */
export interface PanelViewConfiguration {
  settings?: Record<string, unknown>;
  metadatas?: Record<string, PanelFieldMetadata>;
  layouts?: { list?: string[]; edit?: unknown };
}

export interface PanelFieldMetadata {
  edit?: Record<string, unknown>;
  list?: Record<string, unknown>;
}

/** The content manager's configuration service, for content types and for components alike. */
export interface PanelConfigurationService {
  findConfiguration(contentType: { uid: string }): Promise<PanelViewConfiguration>;
  updateConfiguration(contentType: { uid: string }, configuration: PanelViewConfiguration): Promise<unknown>;
}

/** The users-permissions plugin's permission service, as the session strategy reads roles' permissions. */
export interface PermissionService {
  findRolePermissions(roleId: number): Promise<unknown[]>;
  findPublicPermissions(): Promise<unknown[]>;
  /** A stored permission as the content API's permission engine takes it. */
  toContentAPIPermission(permission: unknown): ContentApiPermission;
}

type ContentApiPermission = Parameters<Core.Strapi['contentAPI']['permissions']['engine']['generateAbility']>[0][number];

/** Strapi's own services the portal calls, typed by what it uses of them. */
export interface LibraryServices {
  'admin::role': AdminRoleService;
  'plugin::content-manager.components': PanelConfigurationService;
  'plugin::content-manager.content-types': PanelConfigurationService;
  'plugin::users-permissions.permission': PermissionService;
}

type KnownServices = PortalServices & LibraryServices;

/**
 * The one typed door to Strapi's service registry, for the portal's services and the few of
 * Strapi's own it calls. Strapi types `strapi.service(uid)` by its generated registry, which knows
 * nothing of our factories' return types (and types its own services loosely), so the cast lives
 * here once instead of at every call site. services.test.ts checks each uid resolves to a service
 * with the methods declared here.
 */
export const service = <Uid extends keyof KnownServices>(strapi: Core.Strapi, uid: Uid): KnownServices[Uid] =>
  strapi.service(uid) as unknown as KnownServices[Uid];

/** The portal's own services (the same door, kept by its name at the call sites). */
export const portalService = <Uid extends keyof PortalServices>(strapi: Core.Strapi, uid: Uid): PortalServices[Uid] => service(strapi, uid);
