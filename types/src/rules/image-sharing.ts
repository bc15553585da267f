import { ensureOneFeatured } from './featured-images';
import { groupUnitsByType, unitTypeKey } from './unit-type-groups';
import { UNIT_API_MESSAGES } from '../api/units';

/**
 * Shared unit images (spec §4): units of one type in a project can share one image set.
 * A source unit owns the images; followers point to it and hold a copy of its images.
 * Every function here only plans: it returns the writes to make and leaves them to the caller.
 */

export const SHARING_MESSAGES = {
  unitNotFound: UNIT_API_MESSAGES.notFound,
  noOtherUnits: 'No other units of this type to share images with',
  usesIndividualImages: 'Unit now uses individual images',
} as const;

export function sharesImagesWithMessage(unitNumber: string): string {
  return `Unit now shares images with ${unitNumber}`;
}

export interface SharingImage {
  url: string;
  featured?: boolean;
}

export type SharingUnitId = number | string;

export interface SharingUnit<I extends SharingImage = SharingImage> {
  id: SharingUnitId;
  unitNumber?: string | null;
  unitType?: string | null;
  images?: readonly I[] | null;
  isSourceUnit?: boolean | null;
  isImageSource?: boolean | null;
  useSharedImages?: boolean | null;
  sharedImagesUnitId?: string | null;
}

/** The new image list and sharing flags of one unit. */
export interface SharingChange<I extends SharingImage = SharingImage> {
  unitId: SharingUnitId;
  images: I[];
  isSourceUnit: boolean;
  isImageSource: boolean;
  useSharedImages: boolean;
  sharedImagesUnitId: string | null;
}

export type LinkOutcome = 'linked' | 'single-unit' | 'already-shared' | 'no-images' | 'all-have-images';
export type UnlinkOutcome = 'unlinked' | 'single-unit' | 'nothing-shared';

/** The writes to make, and what happened to each unit-type group (for the admin's summary). */
export interface LinkPlan<I extends SharingImage = SharingImage> {
  changes: SharingChange<I>[];
  groups: Array<{ type: string; outcome: LinkOutcome; sourceUnitId: SharingUnitId | null }>;
}

export interface UnlinkPlan<I extends SharingImage = SharingImage> {
  changes: SharingChange<I>[];
  groups: Array<{ type: string; outcome: UnlinkOutcome }>;
}

export type TogglePlan<I extends SharingImage = SharingImage> = { ok: true; changes: SharingChange<I>[]; message: string } | { ok: false; error: string };

export function isFollower(unit: SharingUnit<SharingImage>): boolean {
  const link = unit.sharedImagesUnitId;
  return unit.useSharedImages === true || (typeof link === 'string' && link.trim() !== '');
}

// Older documents set only one of the two source flags; either one makes a source.
export function isSource(unit: SharingUnit<SharingImage>): boolean {
  return unit.isSourceUnit === true || unit.isImageSource === true;
}

function imagesOf<I extends SharingImage>(unit: SharingUnit<I>): I[] {
  return [...(unit.images ?? [])];
}

// Each unit gets its own copies so that editing one unit's list in memory cannot edit another's.
function copies<I extends SharingImage>(images: readonly I[]): I[] {
  return images.map((image) => ({ ...image }));
}

type Role<I extends SharingImage> = 'source' | 'independent' | { follows: SharingUnit<I> };

function changeOf<I extends SharingImage>(unit: SharingUnit<I>, images: readonly I[], role: Role<I>): SharingChange<I> {
  const follows = typeof role === 'object' ? String(role.follows.id) : null;
  return {
    unitId: unit.id,
    images: copies(images),
    isSourceUnit: role === 'source',
    isImageSource: role === 'source',
    useSharedImages: follows !== null,
    sharedImagesUnitId: follows,
  };
}

/** Every distinct image (by url) of the group, the source's first so its featured image wins. */
function mergeImages<I extends SharingImage>(source: SharingUnit<I>, group: readonly SharingUnit<I>[]): I[] {
  // Stryker disable next-line MethodExpression,ConditionalExpression: the source's images come first either way, and a repeat of them is dropped by url below
  const all = [source, ...group.filter((member) => member !== source)].flatMap((unit) => imagesOf(unit));
  return ensureOneFeatured(all.filter((image, index) => all.findIndex((other) => other.url === image.url) === index));
}

/**
 * 'Link Images' for a project (spec §4): for each unit type with more than one unit, the unit
 * with the most images (the first of them on a tie) becomes the source and gets every distinct
 * image of the type; all the others follow it. A type is left alone when it already shares,
 * when none of its units has images, or when every unit already has images of its own:
 * linking then would overwrite work an admin did unit by unit.
 */
export function planLinkByType<I extends SharingImage>(units: readonly SharingUnit<I>[]): LinkPlan<I> {
  const plan: LinkPlan<I> = { changes: [], groups: [] };
  for (const { type, units: group } of groupUnitsByType(units)) {
    const report = (outcome: LinkOutcome, sourceUnitId: SharingUnitId | null = null) => plan.groups.push({ type, outcome, sourceUnitId });
    if (group.length < 2) {
      report('single-unit');
      continue;
    }
    if (group.some((unit) => isFollower(unit) || isSource(unit))) {
      report('already-shared');
      continue;
    }
    const counts = group.map((unit) => imagesOf(unit).length);
    if (counts.every((count) => count === 0)) {
      report('no-images');
      continue;
    }
    if (counts.every((count) => count > 0)) {
      report('all-have-images');
      continue;
    }
    const source = group[counts.indexOf(Math.max(...counts))];
    const merged = mergeImages(source, group);
    plan.changes.push(changeOf(source, merged, 'source'));
    for (const unit of group) if (unit !== source) plan.changes.push(changeOf(unit, merged, { follows: source }));
    report('linked', source.id);
  }
  return plan;
}

/**
 * 'Unlink All Units' or 'Unlink {type} Units' (spec §4). Followers lose their copies, since the
 * images belong to the source; sources keep their images and become independent; units that
 * were never shared are not touched. Single-unit types are skipped. A unit flagged as both
 * source and follower (inconsistent data) is treated as a source, so no images are lost.
 */
export function planUnlink<I extends SharingImage>(units: readonly SharingUnit<I>[], type?: string | null): UnlinkPlan<I> {
  const plan: UnlinkPlan<I> = { changes: [], groups: [] };
  const only = type === undefined || type === null ? null : unitTypeKey({ unitType: type });
  for (const { type: groupType, units: group } of groupUnitsByType(units)) {
    if (only !== null && groupType !== only) continue;
    if (group.length < 2) {
      plan.groups.push({ type: groupType, outcome: 'single-unit' });
      continue;
    }
    const before = plan.changes.length;
    for (const unit of group) {
      if (isSource(unit)) plan.changes.push(changeOf(unit, imagesOf(unit), 'independent'));
      else if (isFollower(unit)) plan.changes.push(changeOf(unit, [], 'independent'));
    }
    plan.groups.push({ type: groupType, outcome: plan.changes.length > before ? 'unlinked' : 'nothing-shared' });
  }
  return plan;
}

function sameId(a: SharingUnitId | string | null | undefined, b: SharingUnitId): boolean {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: without the guards null and undefined read 'null' and 'undefined', which no unit id is
  return a !== null && a !== undefined && String(a) === String(b);
}

function label(unit: SharingUnit<SharingImage>): string {
  return typeof unit.unitNumber === 'string' && unit.unitNumber.trim() !== '' ? unit.unitNumber : String(unit.id);
}

function toggleOn<I extends SharingImage>(units: readonly SharingUnit<I>[], unit: SharingUnit<I>): TogglePlan<I> {
  const byId = (id: string | null | undefined) => units.find((candidate) => sameId(id, candidate.id));
  const currentSource = isFollower(unit) ? byId(unit.sharedImagesUnitId) : undefined;
  if (currentSource) return { ok: true, changes: [], message: sharesImagesWithMessage(label(currentSource)) };

  const type = unitTypeKey(unit);
  // The unit's own followers are excluded: following one of them would make a loop.
  const candidates = units.filter((other) => other !== unit && unitTypeKey(other) === type && !sameId(other.sharedImagesUnitId, unit.id));
  if (candidates.length === 0) return { ok: false, error: SHARING_MESSAGES.noOtherUnits };
  let target = candidates.find((other) => imagesOf(other).length > 0 && !isFollower(other)) ?? candidates[0];
  // Attach to the end of a chain, never to a follower: followers copy the source's images only.
  const targetSource = isFollower(target) ? byId(target.sharedImagesUnitId) : undefined;
  // Stryker disable next-line ConditionalExpression: the candidates exclude the unit's own followers, so the target's source is never the unit
  if (targetSource && targetSource !== unit) target = targetSource;

  const images = imagesOf(target);
  const changes: SharingChange<I>[] = [];
  if (!isSource(target) || isFollower(target)) changes.push(changeOf(target, images, 'source'));
  changes.push(changeOf(unit, images, { follows: target }));
  // A source that starts following hands its own followers over to the new source.
  for (const other of units) {
    // Stryker disable next-line ConditionalExpression: a unit linked to itself has returned above (its source, itself, was found), so other === unit never matches here
    if (other !== unit && sameId(other.sharedImagesUnitId, unit.id)) changes.push(changeOf(other, images, { follows: target }));
  }
  return { ok: true, changes, message: sharesImagesWithMessage(label(target)) };
}

function toggleOff<I extends SharingImage>(units: readonly SharingUnit<I>[], unit: SharingUnit<I>): TogglePlan<I> {
  if (!isFollower(unit)) return { ok: true, changes: [], message: SHARING_MESSAGES.usesIndividualImages };
  const changes: SharingChange<I>[] = [changeOf(unit, [], 'independent')];
  const source = units.find((candidate) => sameId(unit.sharedImagesUnitId, candidate.id));
  const othersFollow = units.some((other) => other !== unit && source !== undefined && sameId(other.sharedImagesUnitId, source.id));
  // A source nobody follows any more is independent again; otherwise the group would still
  // read 'Shared Images Enabled' and Link Images would skip it forever.
  if (source && !othersFollow && isSource(source)) changes.push(changeOf(source, imagesOf(source), 'independent'));
  return { ok: true, changes, message: SHARING_MESSAGES.usesIndividualImages };
}

/**
 * The image-source selector of one unit (spec §4). On: the unit follows another unit of its
 * type, preferably one that has images and is not itself a follower, else the first other one.
 * Off: a follower drops its copies and its link. Returns the message the spec shows.
 */
export function planToggleSharing<I extends SharingImage>(units: readonly SharingUnit<I>[], unitId: SharingUnitId, on: boolean): TogglePlan<I> {
  const unit = units.find((candidate) => sameId(unitId, candidate.id));
  if (!unit) return { ok: false, error: SHARING_MESSAGES.unitNotFound };
  return on ? toggleOn(units, unit) : toggleOff(units, unit);
}

/** The units after a plan's changes, in their original order; for optimistic UI and tests. */
export function applySharingChanges<I extends SharingImage, U extends SharingUnit<I>>(units: readonly U[], changes: readonly SharingChange<I>[]): U[] {
  const byId = new Map(changes.map((change) => [String(change.unitId), change]));
  return units.map((unit) => {
    const change = byId.get(String(unit.id));
    if (!change) return unit;
    const { images, isSourceUnit, isImageSource, useSharedImages, sharedImagesUnitId } = change;
    return { ...unit, images, isSourceUnit, isImageSource, useSharedImages, sharedImagesUnitId };
  });
}
