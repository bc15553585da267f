import type { TestServer } from './strapi';

export const USER_UID = 'plugin::users-permissions.user';

export interface StoredUser {
  id: number;
  email: string;
  username: string;
  provider: string;
  confirmed: boolean;
  blocked: boolean;
  password: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  phoneNumber: string | null;
  agentType: string | null;
  region: string | null;
  visibleProjects: number[] | null;
  revision: number | null;
  twoFactorEnabled: boolean | null;
  twoFactorMethod: string | null;
  phoneVerified: boolean | null;
  phoneVerificationPending: boolean | null;
  pendingPhoneNumber: string | null;
  lastLogin: string | null;
  lastTwoFactorVerification: string | null;
  role: { id: number; type: string };
}

export interface NewUser {
  email: string;
  password: string;
  role: 'admin' | 'agent';
  [field: string]: unknown;
}

/** Creates a portal user straight in the database (the way the seed does), for a test's own accounts. */
export const createUser = async (server: TestServer, { email, password, role, ...fields }: NewUser): Promise<StoredUser> => {
  const roleRow = (await server.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: role } })) as { id: number };
  const created = (await server.strapi
    .plugin('users-permissions')
    .service('user')
    .add({
      username: email,
      email,
      provider: 'local',
      password,
      confirmed: true,
      blocked: false,
      role: roleRow.id,
      firstName: 'Test',
      displayName: 'Test',
      ...fields,
    })) as { id: number };
  return (await userById(server, created.id)) as StoredUser;
};

export const userById = async (server: TestServer, id: number) =>
  (await server.strapi.db.query(USER_UID).findOne({ where: { id }, populate: ['role'] })) as StoredUser | null;

export const userByEmail = async (server: TestServer, email: string) =>
  (await server.strapi.db.query(USER_UID).findOne({ where: { email }, populate: ['role'] })) as StoredUser | null;

export const sessionCount = (server: TestServer, userId: number) => server.strapi.db.query('api::portal-auth.portal-session').count({ where: { userId } });
