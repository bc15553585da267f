import { deriveAgentType, type AgentType, type ManagedUser } from '@repo/types';

export interface UserGroups {
  admins: ManagedUser[];
  dubai: ManagedUser[];
  doha: ManagedUser[];
  super: ManagedUser[];
}

export const USER_GROUP_ORDER = ['admins', 'dubai', 'doha', 'super'] as const satisfies ReadonlyArray<keyof UserGroups>;

export const displayNameOf = (user: Pick<ManagedUser, 'displayName' | 'firstName' | 'lastName' | 'email'>): string =>
  user.displayName?.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

const byName = (a: ManagedUser, b: ManagedUser) => displayNameOf(a).localeCompare(displayNameOf(b), undefined, { sensitivity: 'base' });

/**
 * The 'Existing Users' sections (spec §2): administrators, then agents by agent type. The type is
 * the spec §4 derivation, so an agent with only a region, or nothing, still lands somewhere.
 */
export const groupUsers = (users: readonly ManagedUser[]): UserGroups => {
  const groups: UserGroups = { admins: [], dubai: [], doha: [], super: [] };
  for (const user of users) {
    if (user.role === 'admin') {
      groups.admins.push(user);
      continue;
    }
    const agentType: AgentType | null = deriveAgentType(user);
    if (agentType) groups[agentType].push(user);
  }
  for (const group of USER_GROUP_ORDER) groups[group].sort(byName);
  return groups;
};
