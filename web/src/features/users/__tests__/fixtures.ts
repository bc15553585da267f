import type { ManagedUser } from '@repo/types';
import { makeAgent, makeProfile } from '@/test/mock-api';

export const managed = (profile: ReturnType<typeof makeProfile>): ManagedUser => ({
  ...profile,
  blocked: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  signInThrottled: false,
});

export const ME = managed(makeProfile({ id: 1 }));
export const OTHER_ADMIN = managed(makeProfile({ id: 5, email: 'second.admin@demo.test', displayName: 'Basil Admin', firstName: 'Basil' }));
export const DUBAI_AGENT = managed(makeAgent({ id: 2 }));
export const DOHA_AGENT = managed(
  makeAgent({
    id: 3,
    email: 'doha.agent@demo.test',
    displayName: 'Layla Nasser',
    firstName: 'Layla',
    lastName: 'Nasser',
    agentType: 'doha',
    region: 'doha',
  }),
);
export const SUPER_AGENT = managed(
  makeAgent({
    id: 4,
    email: 'super.agent@demo.test',
    displayName: 'Karim Farouk',
    firstName: 'Karim',
    lastName: 'Farouk',
    agentType: 'super',
    region: null,
  }),
);

export const PROJECTS = [
  { id: 11, name: 'Marina Heights', location: 'Dubai Marina, Dubai', visibleTo: ['dubai'] },
  { id: 12, name: 'Pearl Bay Residences', location: 'The Pearl, Doha', visibleTo: ['doha'] },
  { id: 13, name: 'Gulf Horizon Tower', location: 'Business Bay', visibleTo: ['dubai', 'doha'] },
  { id: 14, name: 'Desert Rose', location: 'Muscat', visibleTo: [] },
];
