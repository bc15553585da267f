import { describe, expect, it } from 'vitest';
import { makeAgent } from '@/test/mock-api';
import { groupUsers } from '../utils/group-users';
import { DOHA_AGENT, DUBAI_AGENT, managed, ME, OTHER_ADMIN, SUPER_AGENT } from './fixtures';

describe('groupUsers', () => {
  it('puts admins under Administrators and agents under their agent type, each sorted by name', () => {
    const groups = groupUsers([SUPER_AGENT, DOHA_AGENT, OTHER_ADMIN, DUBAI_AGENT, ME]);
    expect(groups.admins.map((user) => user.displayName)).toEqual(['Amira Haddad', 'Basil Admin']);
    expect(groups.dubai).toEqual([DUBAI_AGENT]);
    expect(groups.doha).toEqual([DOHA_AGENT]);
    expect(groups.super).toEqual([SUPER_AGENT]);
  });

  it('derives the type of an agent without one from the region, defaulting to Dubai', () => {
    const byRegion = managed(makeAgent({ id: 20, agentType: null, region: 'doha' }));
    const bare = managed(makeAgent({ id: 21, agentType: null, region: null }));
    const groups = groupUsers([byRegion, bare]);
    expect(groups.doha).toEqual([byRegion]);
    expect(groups.dubai).toEqual([bare]);
  });
});
