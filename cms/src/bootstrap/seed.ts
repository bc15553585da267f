import type { Core } from '@strapi/strapi';
import { CONTENT_STAFF_ROLE } from './content-staff';
import { seedInsightsHistory } from './insights-history';
import { initialSaleDetailsRow } from '../api/sold-unit/lib/sale-details-row';
import { DEMO_CMS_USER, DEMO_PASSWORDS, DEMO_PROJECTS, DEMO_USERS, demoUnits, type DemoUser } from './demo-data';
import { seedDemoImages } from './demo-images';
import { withAdvisoryLock } from '../db';

const PROJECT_UID = 'api::project.project';
const UNIT_UID = 'api::unit.unit';
const USER_UID = 'plugin::users-permissions.user';
const ROLE_UID = 'plugin::users-permissions.role';

export interface SeedReport {
  projects: number;
  units: number;
  users: number;
  cmsUsers: number;
}

/** True when nothing the demo would create exists yet: the seed runs by itself only then. */
export const isDatabaseEmpty = async (strapi: Core.Strapi) => {
  const [projects, users] = await Promise.all([strapi.db.query(PROJECT_UID).count({}), strapi.db.query(USER_UID).count({})]);
  return projects === 0 && users === 0;
};

const seedProjectsAndUnits = async (strapi: Core.Strapi, report: SeedReport) => {
  for (const [index, project] of DEMO_PROJECTS.entries()) {
    let row = (await strapi.db.query(PROJECT_UID).findOne({ where: { name: project.name } })) as { id: number } | null;
    if (!row) {
      const { unitCount: _count, floors: _floors, views: _views, unitTypes: _types, priceFrom: _price, ...fields } = project;
      row = (await strapi.db.query(PROJECT_UID).create({ data: { ...fields, imageMetadata: null } })) as { id: number };
      report.projects += 1;
    }
    const projectId = row.id;
    const existing = (await strapi.db.query(UNIT_UID).findMany({ where: { projectId }, select: ['unitNumber'] })) as {
      unitNumber: string;
    }[];
    const known = new Set(existing.map((unit) => unit.unitNumber));
    const missing = demoUnits(project, index).filter((unit) => !known.has(unit.unitNumber));
    if (missing.length === 0) continue;
    // One multi-row insert per project; sale details are components, so they follow per sold unit.
    await strapi.db.query(UNIT_UID).createMany({ data: missing.map((unit) => ({ ...unit, projectId })) });
    report.units += missing.length;
    const sold = (await strapi.db.query(UNIT_UID).findMany({
      where: { projectId, unitStatus: 'sold', unitNumber: { $in: missing.map((unit) => unit.unitNumber) } },
      select: ['id', 'documentId', 'price'],
    })) as { id: number; documentId: string; price: number | null }[];
    for (const unit of sold) {
      await strapi.documents(UNIT_UID).update({
        documentId: unit.documentId,
        data: { saleDetails: initialSaleDetailsRow(unit.price) } as never,
      });
    }
  }
};

const seedPortalUsers = async (strapi: Core.Strapi, report: SeedReport) => {
  const roles = (await strapi.db.query(ROLE_UID).findMany({ where: { type: { $in: ['admin', 'agent'] } } })) as {
    id: number;
    type: string;
  }[];
  const roleId = (type: DemoUser['role']) => {
    const role = roles.find((candidate) => candidate.type === type);
    if (!role) throw new Error(`Role '${type}' is missing: roles are created before the seed runs`);
    return role.id;
  };
  const userService = strapi.plugin('users-permissions').service('user');
  for (const user of DEMO_USERS) {
    const exists = await strapi.db.query(USER_UID).findOne({ where: { email: user.email } });
    if (exists) continue;
    await userService.add({
      username: user.email,
      email: user.email,
      provider: 'local',
      password: user.role === 'admin' ? DEMO_PASSWORDS.admin : DEMO_PASSWORDS.agent,
      confirmed: true,
      blocked: false,
      role: roleId(user.role),
      firstName: user.firstName,
      lastName: user.lastName,
      displayName: `${user.firstName} ${user.lastName}`,
      phoneNumber: user.phoneNumber,
      agentType: user.agentType,
      // None assigned: the agent type's defaults (spec §4).
      visibleProjects: null,
      twoFactorEnabled: false,
    });
    report.users += 1;
  }
};

/**
 * The content-staff account of the CMS panel at /cms (a Strapi admin user, not a portal user), with
 * the content-staff role only: its password is public, so it must never be a super admin. The
 * panel's super admin is an operator account (README).
 */
const seedCmsUser = async (strapi: Core.Strapi, report: SeedReport) => {
  const exists = await strapi.db.query('admin::user').findOne({ where: { email: DEMO_CMS_USER.email } });
  if (exists) return;
  const role = (await strapi.db.query('admin::role').findOne({ where: { code: CONTENT_STAFF_ROLE.code }, select: ['id'] })) as { id: number } | null;
  if (!role) throw new Error('The content-staff role is missing: bootstrap creates it before the seed runs');
  await strapi.service('admin::user').create({
    ...DEMO_CMS_USER,
    password: DEMO_PASSWORDS.cms,
    isActive: true,
    registrationToken: null,
    roles: [role.id],
  });
  report.cmsUsers += 1;
};

/**
 * Creates only what is missing. The portal data goes in one transaction; the CMS user follows it
 * because the admin plugin schedules work of its own after creating a user, which must not inherit
 * a transaction that has already ended.
 */
const seedAll = async (strapi: Core.Strapi): Promise<SeedReport> => {
  const report: SeedReport = { projects: 0, units: 0, users: 0, cmsUsers: 0 };
  await strapi.db.transaction(async () => {
    await seedProjectsAndUnits(strapi, report);
    await seedPortalUsers(strapi, report);
  });
  await seedCmsUser(strapi, report);
  await seedDemoImages(strapi);
  await seedInsightsHistory(strapi);
  return report;
};

/**
 * Two instances starting together on one empty PostgreSQL database (docker-compose's replicas) may
 * both find it empty: the seed runs under one advisory lock, so the second waits for the first to
 * finish, then finds the demo there. Unlocked, both would create the projects (found by name, which
 * the database does not hold unique): two demos, or a seed failing half-way on the units' numbers.
 */
const SEED_LOCK = 'portal:demo-seed';

/** Idempotent (`npm run seed`): creates only what is missing, one seed at a time. */
export const seedDemo = (strapi: Core.Strapi): Promise<SeedReport> => withAdvisoryLock(strapi, SEED_LOCK, () => seedAll(strapi));

/**
 * The first start's seed: only into an empty database, checked again once the lock is held, so of
 * instances starting together one seeds and the others find it done. Answers null when not empty.
 */
export const seedDemoIfEmpty = (strapi: Core.Strapi): Promise<SeedReport | null> =>
  withAdvisoryLock(strapi, SEED_LOCK, async () => ((await isDatabaseEmpty(strapi)) ? seedAll(strapi) : null));

/**
 * Databases seeded before the content-staff role gave the demo's CMS account (public password) the
 * super-admin role. Bootstrap moves it to the content-staff role; an operator account is untouched.
 */
export const demoteDemoCmsUser = async (strapi: Core.Strapi, contentStaffRoleId: number) => {
  const user = (await strapi.db.query('admin::user').findOne({ where: { email: DEMO_CMS_USER.email }, populate: ['roles'] })) as {
    id: number;
    roles: { id: number; code: string }[];
  } | null;
  if (!user || (user.roles.length === 1 && user.roles[0].id === contentStaffRoleId)) return;
  await strapi.db.query('admin::user').update({ where: { id: user.id }, data: { roles: [contentStaffRoleId] } });
};
