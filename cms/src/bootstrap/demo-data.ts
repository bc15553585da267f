import { createSeededRandom, UNIT_STATUSES, type Market, type UnitStatus } from '@repo/types';
import { demoPlacement } from './demo-layout';

/**
 * The demo inventory: deterministic (a seeded generator), so every fresh database holds the same
 * projects and units and the tests can count them.
 */
export interface DemoProject {
  name: string;
  location: string;
  description: string;
  projectType: 'tower' | 'villa' | 'mixed';
  visibleTo: Market[];
  unitCount: number;
  floors: number;
  views: string[];
  unitTypes: string[];
  priceFrom: number;
}

export const DEMO_PROJECTS: DemoProject[] = [
  {
    name: 'Marina Heights',
    location: 'Dubai Marina, Dubai',
    description: 'A 40-storey residential tower on the marina promenade with direct beach access.',
    projectType: 'tower',
    visibleTo: ['dubai'],
    unitCount: 72,
    floors: 40,
    views: ['Marina View', 'Sea View', 'City View', 'Partial Sea View'],
    unitTypes: ['Studio', '1 Bedroom', '2 Bedroom', '3 Bedroom', 'Penthouse'],
    priceFrom: 850_000,
  },
  {
    name: 'Palm Crescent Villas',
    location: 'Palm Jumeirah, Dubai',
    description: 'Beachfront villas and townhouses on the crescent with private gardens.',
    projectType: 'villa',
    visibleTo: ['dubai'],
    unitCount: 40,
    floors: 3,
    views: ['Sea View', 'Garden View', 'Pool View'],
    unitTypes: ['Villa', 'Townhouse', '4 Bedroom'],
    priceFrom: 4_500_000,
  },
  {
    name: 'Pearl Bay Residences',
    location: 'The Pearl, Doha',
    description: 'Waterfront apartments around the Porto Arabia marina.',
    projectType: 'tower',
    visibleTo: ['doha'],
    unitCount: 64,
    floors: 28,
    views: ['Marina View', 'Sea View', 'Lagoon View'],
    unitTypes: ['Studio', 'Deluxe Studio', '1 Bedroom', 'Executive 1 Bedroom', '2 Bedroom', 'Duplex'],
    priceFrom: 720_000,
  },
  {
    name: 'Lusail Gate',
    location: 'Lusail Marina District, Doha',
    description: 'Offices, retail and serviced apartments beside the Lusail tram.',
    projectType: 'mixed',
    visibleTo: ['doha'],
    unitCount: 56,
    floors: 22,
    views: ['City View', 'Boulevard View', 'Marina View'],
    unitTypes: ['Office', 'Retail', 'Sanctuary 1 Bedroom', '2 Bedroom', '3 Bedroom'],
    priceFrom: 950_000,
  },
  {
    name: 'Gulf Horizon Tower',
    location: 'Business Bay',
    description: 'A twin-market launch offered to buyers in both regions.',
    projectType: 'tower',
    visibleTo: ['dubai', 'doha'],
    unitCount: 80,
    floors: 20,
    views: ['Canal View', 'Burj View', 'City View', 'Sea View'],
    unitTypes: ['Studio', '1 Bedroom', '2 Bedroom', '3 Bedroom', 'Penthouse', 'Other'],
    priceFrom: 1_100_000,
  },
  {
    name: 'Muscat Hills Estate',
    location: 'Al Mouj, Muscat',
    description: 'Held back for a future market: visible to no agent region yet.',
    projectType: 'villa',
    visibleTo: [],
    unitCount: 24,
    floors: 2,
    views: ['Golf View', 'Mountain View', 'Garden View'],
    unitTypes: ['Villa', 'Townhouse'],
    priceFrom: 2_300_000,
  },
];

export const DEMO_PASSWORDS = {
  admin: 'Admin-Demo-2026!',
  agent: 'Agent-Demo-2026!',
  cms: 'Cms-Demo-2026!',
} as const;

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: 'admin' | 'agent';
  agentType: 'dubai' | 'doha' | 'super' | null;
  phoneNumber: string;
}

export const DEMO_USERS: DemoUser[] = [
  { email: 'admin@demo.test', firstName: 'Amira', lastName: 'Haddad', role: 'admin', agentType: null, phoneNumber: '+97150000001' },
  { email: 'dubai.agent@demo.test', firstName: 'Omar', lastName: 'Saeed', role: 'agent', agentType: 'dubai', phoneNumber: '+97150000002' },
  { email: 'doha.agent@demo.test', firstName: 'Layla', lastName: 'Nasser', role: 'agent', agentType: 'doha', phoneNumber: '+97450000003' },
  { email: 'super.agent@demo.test', firstName: 'Karim', lastName: 'Farouk', role: 'agent', agentType: 'super', phoneNumber: '+97150000004' },
];

export const DEMO_CMS_USER = { email: 'cms@demo.test', firstname: 'Content', lastname: 'Staff' };

/** Weighted so that every status appears in every project, with most units available. */
const STATUS_WEIGHTS: Record<UnitStatus, number> = { available: 45, sold: 22, reserved: 15, unavailable: 10, occupied: 8 };

const BEDROOMS: Record<string, number> = {
  Studio: 0,
  'Deluxe Studio': 0,
  '1 Bedroom': 1,
  'Executive 1 Bedroom': 1,
  'Sanctuary 1 Bedroom': 1,
  '2 Bedroom': 2,
  '3 Bedroom': 3,
  '4 Bedroom': 4,
  Penthouse: 4,
  Duplex: 3,
  Townhouse: 3,
  Villa: 5,
};

const FEATURES = ['Balcony', 'Maid Room', 'Built-in Wardrobes', 'Private Pool', 'Study', 'Covered Parking', 'Smart Home', 'Storage'];

export interface DemoUnit {
  unitNumber: string;
  name: string;
  unitType: string;
  floor: string;
  price: number;
  area: number;
  bedrooms: number | null;
  bathrooms: number | null;
  view: string;
  description: string;
  features: string;
  unitStatus: UnitStatus;
  available: boolean;
  archived: boolean;
  visibleTo: Market[];
}

const pickStatus = (random: () => number, index: number): UnitStatus => {
  // The first five units of each project cover every status; the rest follow the weights.
  if (index < UNIT_STATUSES.length) return UNIT_STATUSES[index];
  const total = Object.values(STATUS_WEIGHTS).reduce((sum, weight) => sum + weight, 0);
  let roll = random() * total;
  for (const status of UNIT_STATUSES) {
    roll -= STATUS_WEIGHTS[status];
    if (roll < 0) return status;
  }
  return 'available';
};

export const demoUnits = (project: DemoProject, projectIndex: number): DemoUnit[] => {
  const random = createSeededRandom(20261122 + projectIndex * 7919);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const units: DemoUnit[] = [];
  const perFloor = Math.max(1, Math.ceil(project.unitCount / project.floors));
  for (let index = 0; index < project.unitCount; index += 1) {
    const floorNumber = Math.floor(index / perFloor) + 1;
    const { unitNumber, floor } = demoPlacement(project, index);
    const unitType = pick(project.unitTypes);
    const bedrooms = BEDROOMS[unitType] ?? null;
    const area = Math.round((450 + (bedrooms ?? 1) * 380 + random() * 300) * 100) / 100;
    const price = Math.round((project.priceFrom * (0.8 + (bedrooms ?? 1) * 0.45) * (0.9 + random() * 0.3)) / 1000) * 1000;
    const unitStatus = pickStatus(random, index);
    units.push({
      unitNumber,
      name: `${project.name} ${unitNumber}`,
      unitType,
      floor,
      price,
      area,
      bedrooms,
      bathrooms: bedrooms === null ? null : Math.max(1, bedrooms) + (random() < 0.5 ? 0.5 : 0),
      view: pick(project.views),
      description: `${unitType} on floor ${floorNumber} of ${project.name}.`,
      features: [pick(FEATURES), pick(FEATURES)].filter((feature, i, all) => all.indexOf(feature) === i).join(', '),
      unitStatus,
      available: unitStatus === 'available',
      archived: unitStatus === 'sold' && random() < 0.15,
      visibleTo: project.visibleTo,
    });
  }
  return units;
};
