import { ensureOneFeatured, LIMITS, type UnitImage } from '@repo/types';
import { checkPickedFiles } from './check-files';

/** One image of a unit form: a stored one (which a save may delete) or a file to upload on save. */
export type FormImage = { kind: 'existing'; key: string; image: UnitImage; removed: boolean } | { kind: 'new'; key: string; file: File };

/** The unit forms' images (spec §2 Add New Unit modal): nothing is sent until the form is saved. */
export interface FormImagesValue {
  items: FormImage[];
  /** The image chosen as featured; when it is removed, the first kept one is (spec §4). */
  featuredKey: string | null;
}

export const EMPTY_FORM_IMAGES: FormImagesValue = { items: [], featuredKey: null };

export const formImagesFromUnit = (images: readonly UnitImage[]): FormImagesValue => ({
  items: images.map((image) => ({ kind: 'existing', key: image.id, image, removed: false })),
  featuredKey: images.find((image) => image.featured)?.id ?? images[0]?.id ?? null,
});

const isKept = (item: FormImage) => item.kind === 'new' || !item.removed;

export const keptImages = (value: FormImagesValue) => value.items.filter(isKept);

/** The key of the image that will be featured after the save: exactly one among the kept ones. */
export const featuredKeyOf = (value: FormImagesValue): string | null => {
  const kept = keptImages(value).map((item) => ({ key: item.key, featured: item.key === value.featuredKey }));
  return ensureOneFeatured(kept).find((item) => item.featured)?.key ?? null;
};

let counter = 0;

/** Adds picked files after the checks of the unit form (image files, 10MB each, 10 per unit). */
export const addFormFiles = (value: FormImagesValue, files: readonly File[]): { value: FormImagesValue; errors: string[] } => {
  const check = checkPickedFiles(files, keptImages(value).length, LIMITS.unitFormImageMaxBytes);
  const added: FormImage[] = check.accepted.map((file) => ({ kind: 'new', key: `new-${(counter += 1)}`, file }));
  return { value: { ...value, items: [...value.items, ...added] }, errors: check.errors };
};

/** A stored image is marked (or unmarked) for deletion; a new file simply leaves the list. */
export const toggleFormImage = (value: FormImagesValue, key: string): FormImagesValue => ({
  ...value,
  items: value.items.flatMap((item) => {
    if (item.key !== key) return [item];
    return item.kind === 'new' ? [] : [{ ...item, removed: !item.removed }];
  }),
});

export const setFormFeatured = (value: FormImagesValue, key: string): FormImagesValue => ({ ...value, featuredKey: key });

export const hasImageChanges = (value: FormImagesValue, original: readonly UnitImage[]) =>
  value.items.some((item) => item.kind === 'new' || item.removed) ||
  (featuredKeyOf(value) !== null && featuredKeyOf(value) !== (original.find((image) => image.featured)?.id ?? original[0]?.id ?? null));
