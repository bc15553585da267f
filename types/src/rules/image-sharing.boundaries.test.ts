import { describe, expect, it } from 'vitest';
import { isFollower, planToggleSharing, planUnlink, type SharingUnit } from './image-sharing';

interface Img {
  id: string;
  url: string;
  featured?: boolean;
}
const unit = (id: number, unitType: string | null, flags: Partial<SharingUnit<Img>> = {}): SharingUnit<Img> => ({
  id,
  unitNumber: `U${id}`,
  unitType,
  images: [],
  isSourceUnit: false,
  isImageSource: false,
  useSharedImages: false,
  sharedImagesUnitId: null,
  ...flags,
});

describe('isFollower', () => {
  it('counts either the flag or a link as following, and a blank link as none', () => {
    expect(isFollower(unit(1, 'A', { useSharedImages: true }))).toBe(true);
    expect(isFollower(unit(1, 'A', { sharedImagesUnitId: '7' }))).toBe(true);
    expect(isFollower(unit(1, 'A', { sharedImagesUnitId: '  ' }))).toBe(false);
    expect(isFollower(unit(1, 'A', { sharedImagesUnitId: null }))).toBe(false);
  });
});

describe('planUnlink', () => {
  it('unlinks every type when the type is null, as when it is not given', () => {
    const units = [
      unit(1, 'Studio', { isSourceUnit: true, images: [{ id: 'a', url: 'a', featured: true }] }),
      unit(2, 'Studio', { useSharedImages: true, sharedImagesUnitId: '1' }),
      unit(3, 'Villa', { isImageSource: true }),
      unit(4, 'Villa', { useSharedImages: true, sharedImagesUnitId: '3' }),
    ];
    expect(planUnlink(units, null).changes.map((change) => change.unitId)).toEqual([1, 2, 3, 4]);
    expect(planUnlink(units, ' Villa ').changes.map((change) => change.unitId)).toEqual([3, 4]);
  });
});

describe('planToggleSharing', () => {
  it('names a source whose unit number is blank by its id', () => {
    const units = [unit(1, 'A', { unitNumber: '  ', images: [{ id: 'a', url: 'a', featured: true }] }), unit(2, 'A')];
    expect(planToggleSharing(units, 2, true)).toMatchObject({ ok: true, message: 'Unit now shares images with 1' });
  });
});
