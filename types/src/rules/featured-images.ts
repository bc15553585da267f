import { LIMITS } from '../domain';

/** The least an image entry needs for the featured rules. */
export interface FeaturableImage {
  id: string;
  featured?: boolean;
}

export type AddImagesResult<T> = { ok: true; images: T[] } | { ok: false; error: string };

export function maxImagesMessage(max: number = LIMITS.maxImagesPerUnit): string {
  return `Maximum ${max} images allowed per unit`;
}

/**
 * Exactly one featured image in a non-empty list (spec §4): the first flagged one wins,
 * or the first image when none is flagged. Returns new objects; flags become strict booleans
 * because stored entries sometimes lack the field.
 */
export function ensureOneFeatured<T extends { featured?: boolean }>(images: readonly T[]): T[] {
  const keep = Math.max(
    0,
    images.findIndex((image) => image.featured === true),
  );
  return images.map((image, index) => ({ ...image, featured: index === keep }));
}

/** How many more images a unit can take: the 'N remaining' of the image manager hint. */
export function remainingImageSlots(count: number, max: number = LIMITS.maxImagesPerUnit): number {
  return Math.max(0, max - count);
}

/**
 * Appends uploads (spec §4, §5). All or nothing: a selection that would pass the limit is
 * refused whole, so the admin chooses what to drop rather than the order of the files.
 * The existing featured image stays featured; with none, the first image becomes featured.
 */
export function addImages<T extends FeaturableImage>(existing: readonly T[], added: readonly T[], max: number = LIMITS.maxImagesPerUnit): AddImagesResult<T> {
  if (existing.length + added.length > max) return { ok: false, error: maxImagesMessage(max) };
  return { ok: true, images: ensureOneFeatured([...existing, ...added]) };
}

/** Removes an image; if it was featured, the first remaining one takes over (spec §4). */
export function removeImage<T extends FeaturableImage>(images: readonly T[], id: string): T[] {
  return ensureOneFeatured(images.filter((image) => image.id !== id));
}

/** Makes one image the featured one ('Set as Primary'); an unknown id changes nothing. */
export function setFeatured<T extends FeaturableImage>(images: readonly T[], id: string): T[] {
  const index = images.findIndex((image) => image.id === id);
  if (index === -1) return ensureOneFeatured(images);
  // By position, not id: ids made from a timestamp can repeat within one multi-file upload.
  return images.map((image, i) => ({ ...image, featured: i === index }));
}

/** The image a card or carousel starts on: the featured one, else the first. */
export function featuredImage<T extends { featured?: boolean }>(images: readonly T[]): T | undefined {
  return images.find((image) => image.featured === true) ?? images[0];
}
