import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './seeded-random';
import { ensureOneFeatured } from './featured-images';
import {
  applySharingChanges,
  isFollower,
  isSource,
  planLinkByType,
  planToggleSharing,
  planUnlink,
  type SharingChange,
  type SharingUnit,
} from './image-sharing';
import { groupUnitsByType, unitTypeKey } from './unit-type-groups';

interface Img {
  id: string;
  url: string;
  featured?: boolean;
}

interface TestUnit extends SharingUnit<Img> {
  id: number;
  unitNumber: string;
  unitType: string | null;
  images: Img[];
  isSourceUnit: boolean;
  isImageSource: boolean;
  useSharedImages: boolean;
  sharedImagesUnitId: string | null;
}

const image = (url: string, featured = false): Img => ({ id: `img_${url}`, url, featured });

function unit(id: number, unitType: string | null, urls: string[] = [], flags: Partial<TestUnit> = {}): TestUnit {
  return {
    id,
    unitNumber: `U${id}`,
    unitType,
    images: ensureOneFeatured(urls.map((url) => image(url))),
    isSourceUnit: false,
    isImageSource: false,
    useSharedImages: false,
    sharedImagesUnitId: null,
    ...flags,
  };
}

const follower = (id: number, type: string | null, sourceId: number, urls: string[] = []) =>
  unit(id, type, urls, { useSharedImages: true, sharedImagesUnitId: String(sourceId) });
const source = (id: number, type: string | null, urls: string[]) => unit(id, type, urls, { isSourceUnit: true, isImageSource: true });

const urls = (images: readonly Img[]) => images.map((entry) => entry.url);
const changeFor = (changes: SharingChange<Img>[], id: number) => changes.find((change) => change.unitId === id);

const prng = createSeededRandom;

describe('planLinkByType', () => {
  it('makes the unit with the most images the source of the merged images', () => {
    const units = [unit(1, 'Studio', ['a']), unit(2, 'Studio', ['b', 'c']), unit(3, 'Studio')];
    const plan = planLinkByType(units);
    expect(plan.groups).toEqual([{ type: 'Studio', outcome: 'linked', sourceUnitId: 2 }]);
    expect(changeFor(plan.changes, 2)).toMatchObject({
      isSourceUnit: true,
      isImageSource: true,
      useSharedImages: false,
      sharedImagesUnitId: null,
    });
    for (const id of [1, 3]) {
      expect(changeFor(plan.changes, id)).toMatchObject({
        isSourceUnit: false,
        isImageSource: false,
        useSharedImages: true,
        sharedImagesUnitId: '2',
      });
    }
    for (const change of plan.changes) expect(urls(change.images)).toEqual(['b', 'c', 'a']);
  });

  it('picks the first unit on a tie for most images', () => {
    const plan = planLinkByType([unit(1, 'Villa'), unit(2, 'Villa', ['a']), unit(3, 'Villa', ['b'])]);
    expect(plan.groups[0].sourceUnitId).toBe(2);
  });

  it('merges images by url, so duplicates across units appear once', () => {
    const units = [unit(1, 'Studio', ['x', 'y']), unit(2, 'Studio', ['y', 'z']), unit(3, 'Studio')];
    const plan = planLinkByType(units);
    expect(urls(changeFor(plan.changes, 1)!.images)).toEqual(['x', 'y', 'z']);
  });

  it('merges duplicates within one unit too', () => {
    const units = [{ ...unit(1, 'Studio'), images: [image('x', true), image('x'), image('w')] }, unit(2, 'Studio')];
    expect(urls(planLinkByType(units).changes[0].images)).toEqual(['x', 'w']);
  });

  it("keeps the source's featured image as the one featured image", () => {
    const units = [{ ...unit(1, 'Studio'), images: [image('a'), image('b', true)] }, { ...unit(2, 'Studio'), images: [image('c', true)] }, unit(3, 'Studio')];
    const plan = planLinkByType(units);
    for (const change of plan.changes) {
      expect(change.images.filter((entry) => entry.featured).map((entry) => entry.url)).toEqual(['b']);
    }
  });

  it('skips types with a single unit', () => {
    const plan = planLinkByType([unit(1, 'Penthouse', ['a'])]);
    expect(plan).toEqual({ changes: [], groups: [{ type: 'Penthouse', outcome: 'single-unit', sourceUnitId: null }] });
  });

  it('skips a type that already shares, even if some units lack images', () => {
    const units = [source(1, 'Studio', ['a']), follower(2, 'Studio', 1, ['a']), unit(3, 'Studio')];
    const plan = planLinkByType(units);
    expect(plan.changes).toEqual([]);
    expect(plan.groups[0].outcome).toBe('already-shared');
  });

  it('treats a lone source flag or a dangling link as existing sharing', () => {
    expect(planLinkByType([unit(1, 'A', ['a'], { isImageSource: true }), unit(2, 'A')]).groups[0].outcome).toBe('already-shared');
    expect(planLinkByType([unit(1, 'A', ['a']), unit(2, 'A', [], { sharedImagesUnitId: '99' })]).groups[0].outcome).toBe('already-shared');
  });

  it('skips a type where no unit has images', () => {
    const plan = planLinkByType([unit(1, 'Studio'), unit(2, 'Studio')]);
    expect(plan.changes).toEqual([]);
    expect(plan.groups[0].outcome).toBe('no-images');
  });

  it('skips a type where every unit already has its own images', () => {
    const plan = planLinkByType([unit(1, 'Studio', ['a']), unit(2, 'Studio', ['b'])]);
    expect(plan.changes).toEqual([]);
    expect(plan.groups[0].outcome).toBe('all-have-images');
  });

  it('groups units without a type as Unspecified and links them', () => {
    const plan = planLinkByType([unit(1, null, ['a']), unit(2, ''), unit(3, '  ')]);
    expect(plan.groups).toEqual([{ type: 'Unspecified', outcome: 'linked', sourceUnitId: 1 }]);
    expect(plan.changes).toHaveLength(3);
  });

  it('plans every type of the project independently', () => {
    const units = [
      unit(1, 'Studio', ['a']),
      unit(2, 'Studio'),
      unit(3, 'Villa', ['v']),
      unit(4, '1 Bedroom'),
      unit(5, '1 Bedroom'),
      source(6, 'Office', ['o']),
      follower(7, 'Office', 6, ['o']),
    ];
    const plan = planLinkByType(units);
    expect(plan.groups.map((group) => [group.type, group.outcome])).toEqual([
      ['1 Bedroom', 'no-images'],
      ['Office', 'already-shared'],
      ['Studio', 'linked'],
      ['Villa', 'single-unit'],
    ]);
    expect(plan.changes.map((change) => change.unitId).sort()).toEqual([1, 2]);
  });

  it('gives each unit its own copies of the images', () => {
    const plan = planLinkByType([unit(1, 'Studio', ['a']), unit(2, 'Studio')]);
    plan.changes[0].images[0].url = 'changed';
    expect(plan.changes[1].images[0].url).toBe('a');
  });

  it('does not modify the units it is given', () => {
    const units = [unit(1, 'Studio', ['a']), unit(2, 'Studio')];
    const snapshot = JSON.parse(JSON.stringify(units)) as unknown;
    planLinkByType(units);
    expect(units).toEqual(snapshot);
  });

  it('changes nothing when planned again after linking', () => {
    const units = [unit(1, 'Studio', ['a']), unit(2, 'Studio'), unit(3, 'Villa'), unit(4, 'Villa', ['b'])];
    const linked = applySharingChanges(units, planLinkByType(units).changes);
    const again = planLinkByType(linked);
    expect(again.changes).toEqual([]);
    expect(again.groups.map((group) => group.outcome)).toEqual(['already-shared', 'already-shared']);
  });
});

describe('planUnlink', () => {
  const linkedProject = () => {
    const units = [
      unit(1, 'Studio', ['a']),
      unit(2, 'Studio', ['b', 'c']),
      unit(3, 'Studio'),
      unit(4, 'Villa', ['v']),
      unit(5, 'Villa'),
      unit(6, 'Office', ['o']),
    ];
    return applySharingChanges(units, planLinkByType(units).changes);
  };

  it('empties followers, keeps the source images, and clears every flag', () => {
    const units = linkedProject();
    const plan = planUnlink(units);
    const after = applySharingChanges(units, plan.changes);
    expect(after.find((u) => u.id === 2)).toMatchObject({
      isSourceUnit: false,
      isImageSource: false,
      useSharedImages: false,
      sharedImagesUnitId: null,
    });
    expect(urls(after.find((u) => u.id === 2)!.images)).toEqual(['b', 'c', 'a']);
    for (const id of [1, 3, 5]) {
      expect(after.find((u) => u.id === id)).toMatchObject({
        images: [],
        isSourceUnit: false,
        isImageSource: false,
        useSharedImages: false,
        sharedImagesUnitId: null,
      });
    }
    expect(after.some((u) => isFollower(u) || isSource(u))).toBe(false);
    expect(plan.groups).toEqual([
      { type: 'Office', outcome: 'single-unit' },
      { type: 'Studio', outcome: 'unlinked' },
      { type: 'Villa', outcome: 'unlinked' },
    ]);
  });

  it('unlinks only the named type', () => {
    const units = linkedProject();
    const plan = planUnlink(units, 'Villa');
    expect(plan.groups).toEqual([{ type: 'Villa', outcome: 'unlinked' }]);
    expect(plan.changes.map((change) => change.unitId).sort()).toEqual([4, 5]);
  });

  it('finds the Unspecified group by name or by a blank type', () => {
    const units = [source(1, null, ['a']), follower(2, '', 1, ['a'])];
    expect(planUnlink(units, 'Unspecified').changes).toHaveLength(2);
    expect(planUnlink(units, ' ').changes).toHaveLength(2);
    expect(planUnlink(units, 'Studio')).toEqual({ changes: [], groups: [] });
  });

  it('leaves units with their own images untouched', () => {
    const units = [source(1, 'Studio', ['a']), follower(2, 'Studio', 1, ['a']), unit(3, 'Studio', ['own'])];
    const plan = planUnlink(units);
    expect(changeFor(plan.changes, 3)).toBeUndefined();
  });

  it('skips single-unit types, even with stale flags', () => {
    const plan = planUnlink([source(1, 'Penthouse', ['a'])]);
    expect(plan).toEqual({ changes: [], groups: [{ type: 'Penthouse', outcome: 'single-unit' }] });
  });

  it('reports a type without sharing as nothing to unlink', () => {
    expect(planUnlink([unit(1, 'Studio', ['a']), unit(2, 'Studio')]).groups).toEqual([{ type: 'Studio', outcome: 'nothing-shared' }]);
  });

  it('treats a unit flagged as both source and follower as a source, keeping its images', () => {
    const odd = unit(1, 'Studio', ['a'], { isSourceUnit: true, useSharedImages: true, sharedImagesUnitId: '2' });
    const plan = planUnlink([odd, unit(2, 'Studio')]);
    expect(urls(changeFor(plan.changes, 1)!.images)).toEqual(['a']);
  });
});

describe('planToggleSharing', () => {
  it('fails for an unknown unit', () => {
    expect(planToggleSharing([unit(1, 'Studio')], 9, true)).toEqual({ ok: false, error: 'Unit not found' });
  });

  it('attaches to a unit of the same type that has images and is not a follower', () => {
    const units = [unit(1, 'Studio'), follower(2, 'Studio', 4, ['f']), unit(3, 'Villa', ['v']), source(4, 'Studio', ['f']), unit(5, 'Studio')];
    const plan = planToggleSharing(units, 5, true);
    expect(plan).toMatchObject({ ok: true, message: 'Unit now shares images with U4' });
    if (!plan.ok) return;
    expect(plan.changes).toEqual([
      {
        unitId: 5,
        images: [image('f', true)],
        isSourceUnit: false,
        isImageSource: false,
        useSharedImages: true,
        sharedImagesUnitId: '4',
      },
    ]);
  });

  it('makes the chosen unit a source when it was independent', () => {
    const units = [unit(1, 'Studio', ['a', 'b']), unit(2, 'Studio', ['own'])];
    const plan = planToggleSharing(units, 2, true);
    expect(plan.ok && plan.changes).toEqual([
      {
        unitId: 1,
        images: units[0].images,
        isSourceUnit: true,
        isImageSource: true,
        useSharedImages: false,
        sharedImagesUnitId: null,
      },
      {
        unitId: 2,
        images: units[0].images,
        isSourceUnit: false,
        isImageSource: false,
        useSharedImages: true,
        sharedImagesUnitId: '1',
      },
    ]);
  });

  it('falls back to the first other unit when none has images', () => {
    const plan = planToggleSharing([unit(1, 'Studio'), unit(2, 'Studio'), unit(3, 'Studio')], 3, true);
    expect(plan).toMatchObject({ ok: true, message: 'Unit now shares images with U1' });
    expect(plan.ok && changeFor(plan.changes, 3)).toMatchObject({ images: [], sharedImagesUnitId: '1' });
  });

  it('follows the source rather than a follower, so links never chain', () => {
    const units = [follower(2, 'Studio', 1), source(1, 'Studio', []), unit(3, 'Studio')];
    const plan = planToggleSharing(units, 3, true);
    expect(plan).toMatchObject({ ok: true, message: 'Unit now shares images with U1' });
    expect(plan.ok && plan.changes.map((change) => [change.unitId, change.sharedImagesUnitId])).toEqual([[3, '1']]);
  });

  it('repairs a follower whose source is gone by making it the source', () => {
    const units = [follower(2, 'Studio', 99, ['x']), unit(3, 'Studio')];
    const plan = planToggleSharing(units, 3, true);
    expect(plan.ok && plan.changes).toEqual([
      {
        unitId: 2,
        images: units[0].images,
        isSourceUnit: true,
        isImageSource: true,
        useSharedImages: false,
        sharedImagesUnitId: null,
      },
      {
        unitId: 3,
        images: units[0].images,
        isSourceUnit: false,
        isImageSource: false,
        useSharedImages: true,
        sharedImagesUnitId: '2',
      },
    ]);
  });

  it('hands the followers of a source over to its new source', () => {
    const units = [source(1, 'Studio', ['a']), follower(2, 'Studio', 1, ['a']), unit(3, 'Studio', ['b'])];
    const plan = planToggleSharing(units, 1, true);
    expect(plan).toMatchObject({ ok: true, message: 'Unit now shares images with U3' });
    const after = applySharingChanges(units, plan.ok ? plan.changes : []);
    expect(after.map((u) => [u.id, u.sharedImagesUnitId, urls(u.images)])).toEqual([
      [1, '3', ['b']],
      [2, '3', ['b']],
      [3, null, ['b']],
    ]);
    expect(after.filter(isSource).map((u) => u.id)).toEqual([3]);
  });

  it('fails when no other unit of the type exists', () => {
    const error = { ok: false, error: 'No other units of this type to share images with' };
    expect(planToggleSharing([unit(1, 'Studio', ['a']), unit(2, 'Villa', ['b'])], 1, true)).toEqual(error);
    expect(planToggleSharing([source(1, 'Studio', ['a']), follower(2, 'Studio', 1, ['a'])], 1, true)).toEqual(error);
  });

  it('pairs units without a type with each other', () => {
    const plan = planToggleSharing([unit(1, null, ['a']), unit(2, '')], 2, true);
    expect(plan).toMatchObject({ ok: true, message: 'Unit now shares images with U1' });
  });

  it('changes nothing for a unit that already follows a source', () => {
    const units = [source(1, 'Studio', ['a']), follower(2, 'Studio', 1, ['a'])];
    expect(planToggleSharing(units, 2, true)).toEqual({
      ok: true,
      changes: [],
      message: 'Unit now shares images with U1',
    });
  });

  it('matches unit ids given as text', () => {
    expect(planToggleSharing([unit(1, 'Studio', ['a']), unit(2, 'Studio')], '2', true).ok).toBe(true);
  });

  it('uses the unit id in the message when the source has no unit number', () => {
    const units = [{ ...unit(1, 'Studio', ['a']), unitNumber: '' }, unit(2, 'Studio')];
    expect(planToggleSharing(units, 2, true)).toMatchObject({ message: 'Unit now shares images with 1' });
  });

  it('turning off empties the follower and clears its link', () => {
    const units = [source(1, 'Studio', ['a']), follower(2, 'Studio', 1, ['a']), follower(3, 'Studio', 1, ['a'])];
    const plan = planToggleSharing(units, 2, false);
    expect(plan).toEqual({
      ok: true,
      message: 'Unit now uses individual images',
      changes: [
        {
          unitId: 2,
          images: [],
          isSourceUnit: false,
          isImageSource: false,
          useSharedImages: false,
          sharedImagesUnitId: null,
        },
      ],
    });
  });

  it('turning off the last follower makes the source independent again', () => {
    const units = [source(1, 'Studio', ['a']), follower(2, 'Studio', 1, ['a'])];
    const plan = planToggleSharing(units, 2, false);
    expect(plan.ok && changeFor(plan.changes, 1)).toEqual({
      unitId: 1,
      images: units[0].images,
      isSourceUnit: false,
      isImageSource: false,
      useSharedImages: false,
      sharedImagesUnitId: null,
    });
  });

  it('turning off a unit that does not follow changes nothing', () => {
    const expected = { ok: true, changes: [], message: 'Unit now uses individual images' };
    expect(planToggleSharing([unit(1, 'Studio', ['a'])], 1, false)).toEqual(expected);
    expect(planToggleSharing([source(1, 'Studio', ['a']), follower(2, 'Studio', 1)], 1, false)).toEqual(expected);
  });
});

describe('applySharingChanges', () => {
  it('applies changes by id and keeps other units and fields', () => {
    const units = [unit(1, 'Studio', ['a']), unit(2, 'Studio')];
    const after = applySharingChanges(units, [
      {
        unitId: '2',
        images: [image('z')],
        isSourceUnit: false,
        isImageSource: false,
        useSharedImages: true,
        sharedImagesUnitId: '1',
      },
    ]);
    expect(after[0]).toBe(units[0]);
    expect(after[1]).toMatchObject({ id: 2, unitNumber: 'U2', useSharedImages: true, sharedImagesUnitId: '1' });
    expect(urls(after[1].images)).toEqual(['z']);
  });
});

describe('sharing invariants over generated projects and operations', () => {
  const TYPES = ['Studio', '1 Bedroom', 'Villa', null, ''];
  const POOL = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];

  function generateProject(random: () => number): TestUnit[] {
    const count = 1 + Math.floor(random() * 8);
    return Array.from({ length: count }, (_, i) => {
      const own = POOL.filter(() => random() < 0.25);
      return unit(i + 1, TYPES[Math.floor(random() * TYPES.length)], own);
    });
  }

  function checkInvariants(units: TestUnit[]): void {
    const byId = new Map(units.map((u) => [String(u.id), u]));
    for (const u of units) {
      expect(isFollower(u) && isSource(u)).toBe(false);
      if (isFollower(u)) {
        const owner = byId.get(u.sharedImagesUnitId ?? '');
        expect(owner).toBeDefined();
        expect(isSource(owner!)).toBe(true);
        expect(isFollower(owner!)).toBe(false);
        expect(unitTypeKey(owner!)).toBe(unitTypeKey(u));
        expect(urls(u.images)).toEqual(urls(owner!.images));
      }
      if (isSource(u)) {
        expect(units.some((other) => other.sharedImagesUnitId === String(u.id))).toBe(true);
      }
      expect(new Set(urls(u.images)).size).toBe(u.images.length);
      expect(u.images.filter((entry) => entry.featured)).toHaveLength(u.images.length === 0 ? 0 : 1);
    }
  }

  it('keeps followers pointing at real sources with the same images, whatever the sequence', () => {
    const random = prng(1337);
    for (let run = 0; run < 300; run += 1) {
      let units = generateProject(random);
      for (let step = 0; step < 12; step += 1) {
        const roll = random();
        if (roll < 0.3) {
          const before = groupUnitsByType(units);
          const plan = planLinkByType(units);
          units = applySharingChanges(units, plan.changes);
          // Linking loses no image: each source holds every url its type had.
          for (const group of plan.groups.filter((g) => g.outcome === 'linked')) {
            const had = new Set(before.find((g) => g.type === group.type)!.units.flatMap((u) => urls(u.images)));
            const owner = units.find((u) => u.id === group.sourceUnitId)!;
            expect(new Set(urls(owner.images))).toEqual(had);
          }
          expect(planLinkByType(units).changes).toEqual([]);
        } else if (roll < 0.45) {
          units = applySharingChanges(units, planUnlink(units).changes);
          for (const group of groupUnitsByType(units)) {
            if (group.units.length > 1) expect(group.units.some((u) => isFollower(u) || isSource(u))).toBe(false);
          }
        } else if (roll < 0.55) {
          const type = TYPES[Math.floor(random() * TYPES.length)];
          units = applySharingChanges(units, planUnlink(units, type).changes);
        } else {
          const target = units[Math.floor(random() * units.length)];
          const on = random() < 0.6;
          const plan = planToggleSharing(units, target.id, on);
          if (plan.ok) {
            units = applySharingChanges(units, plan.changes);
            const after = units.find((u) => u.id === target.id)!;
            expect(isFollower(after)).toBe(on);
          } else {
            expect(on).toBe(true);
            expect(plan.error).toBe('No other units of this type to share images with');
          }
        }
        checkInvariants(units);
      }
    }
  });
});

describe('tricky groups', () => {
  it('plans nothing for a project without units', () => {
    expect(planLinkByType([])).toEqual({ changes: [], groups: [] });
    expect(planUnlink([])).toEqual({ changes: [], groups: [] });
  });

  it('unlinks nothing for a type the project does not have', () => {
    const units = [source(1, 'Studio', ['a']), follower(2, 'Studio', 1, ['a'])];
    expect(planUnlink(units, 'Villa')).toEqual({ changes: [], groups: [] });
  });

  it('leaves a single unit with a stale link alone when linking, and links its neighbours', () => {
    const units = [follower(1, 'Penthouse', 99, ['old']), unit(2, 'Studio', ['a']), unit(3, 'Studio')];
    const plan = planLinkByType(units);
    expect(plan.groups).toEqual([
      { type: 'Penthouse', outcome: 'single-unit', sourceUnitId: null },
      { type: 'Studio', outcome: 'linked', sourceUnitId: 2 },
    ]);
    expect(changeFor(plan.changes, 1)).toBeUndefined();
  });

  it('links a type whose only images belong to one unit among many without images', () => {
    const units = [unit(1, 'Villa'), unit(2, 'Villa'), unit(3, 'Villa', ['v1', 'v2']), unit(4, 'Villa')];
    const after = applySharingChanges(units, planLinkByType(units).changes);
    expect(after.filter((each) => isSource(each)).map((each) => each.id)).toEqual([3]);
    expect(after.filter((each) => isFollower(each)).map((each) => each.sharedImagesUnitId)).toEqual(['3', '3', '3']);
    for (const each of after) expect(urls(each.images)).toEqual(['v1', 'v2']);
  });
});
