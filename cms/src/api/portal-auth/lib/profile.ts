import { deriveAgentType, isAgentType, isMarket, projectAccessList, type ManagedUser, type Role, type SessionProfile } from '@repo/types';

/** A users-permissions user row with its role populated, as the database returns it. */
export interface UserRow {
  id: number;
  email: string;
  password?: string | null;
  confirmed?: boolean | null;
  blocked?: boolean | null;
  firstName?: string | null;
  lastName?: string | null;
  displayName?: string | null;
  phoneNumber?: string | null;
  agentType?: string | null;
  region?: string | null;
  visibleProjects?: unknown;
  revision?: number | null;
  twoFactorEnabled?: boolean | null;
  twoFactorMethod?: string | null;
  phoneVerified?: boolean | null;
  phoneVerificationPending?: boolean | null;
  pendingPhoneNumber?: string | null;
  lastLogin?: string | Date | null;
  lastTwoFactorVerification?: string | Date | null;
  createdAt?: string | Date | null;
  updatedAt?: string | Date | null;
  role?: { id: number; type: string } | null;
}

export const USER_UID = 'plugin::users-permissions.user';

/**
 * What every authenticated request reads of its user (api/portal-auth/lib/sessions.ts): what authentication decides
 * on (blocked, confirmed, the role) and what the inventory rules need (utils/viewer.ts). Screens that
 * show or change the account read the whole row themselves (auth/current-user.ts).
 */
export const SESSION_USER_FIELDS = ['id', 'email', 'confirmed', 'blocked', 'agentType', 'region', 'visibleProjects'] as const;
export const SESSION_ROLE_FIELDS = ['id', 'type'] as const;

/** The signed-in user as each request has it: the fields above, role populated with its id and type. */
export type SessionUserRow = Pick<UserRow, (typeof SESSION_USER_FIELDS)[number]> & { role: { id: number; type: string } | null };

const iso = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : null);

/** The portal role of a user; users of any other role (e.g. the stock 'authenticated') have none. */
export const portalRoleOf = (user: Pick<UserRow, 'role'>): Role | null => {
  const type = user.role?.type;
  return type === 'admin' || type === 'agent' ? type : null;
};

/** Rows written before profiles had a revision read as 0 (they move to 1 on their first edit). */
export const revisionOf = (user: Pick<UserRow, 'revision'>) => (Number.isSafeInteger(user.revision) ? Number(user.revision) : 0);

export const toSessionProfile = (user: UserRow): SessionProfile => {
  const role = portalRoleOf(user) ?? 'agent';
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    phoneNumber: user.phoneNumber ?? null,
    role,
    agentType: deriveAgentType({ role, agentType: user.agentType, region: user.region }),
    region: isMarket(user.region) ? user.region : null,
    visibleProjects: projectAccessList(user.visibleProjects),
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    twoFactorMethod: user.twoFactorMethod === 'sms' ? 'sms' : null,
    phoneVerified: Boolean(user.phoneVerified),
    phoneVerificationPending: Boolean(user.phoneVerificationPending),
    lastLogin: iso(user.lastLogin),
    lastTwoFactorVerification: iso(user.lastTwoFactorVerification),
    updatedAt: iso(user.updatedAt) ?? new Date(0).toISOString(),
    revision: revisionOf(user),
  };
};

/**
 * A row of the Users tab. Unlike the session profile, agentType is the stored one: the tab groups
 * agents by it and shows admins apart, so an admin must not read as a super agent here.
 */
export const toManagedUser = (user: UserRow, signInThrottled: boolean): ManagedUser => {
  const profile = toSessionProfile(user);
  return {
    ...profile,
    agentType: profile.role === 'agent' ? profile.agentType : isAgentType(user.agentType) ? user.agentType : null,
    blocked: Boolean(user.blocked),
    createdAt: iso(user.createdAt) ?? new Date(0).toISOString(),
    signInThrottled,
  };
};
