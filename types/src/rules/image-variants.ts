/**
 * The smaller WebP copies the server makes of every stored image (issue #26: images served at the
 * size they are shown). Each stored original `…/{timestamp}_{name}.{ext}` has one variant per
 * width, stored next to it under the same key scheme as `…/{timestamp}_{name}.w{width}.webp`.
 * A variant is never wider than its original (a small original's variants are the original's size),
 * so every width always exists and a variant's key and URL follow from the original's alone.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 800, 1600] as const;

export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** One variant: at most `width` pixels wide (never wider than the original), WebP. */
export interface ImageVariant {
  width: ImageVariantWidth;
  url: string;
}

const EXTENSION = /\.[A-Za-z0-9]+$/;

/** The storage key (or URL) of one variant of the original at `original`. */
export const variantPathOf = (original: string, width: ImageVariantWidth) => original.replace(EXTENSION, `.w${width}.webp`);

/** Every variant's storage key (or URL), smallest first. */
export const variantPathsOf = (original: string) => IMAGE_VARIANT_WIDTHS.map((width) => variantPathOf(original, width));

/** A stored original's file name: `{13+ digit timestamp}_{sanitised name}.{jpg|png|gif|webp}`, not itself a variant. */
const ORIGINAL_NAME = /\/[0-9]{13,}_[A-Za-z0-9._]+\.(?:jpg|png|gif|webp)$/;
const VARIANT_NAME = /\.w[0-9]+\.webp$/;

/** True when `urlOrKey` names an original this server stored (and so has variants). */
export const hasImageVariants = (urlOrKey: string | null | undefined): urlOrKey is string =>
  typeof urlOrKey === 'string' && ORIGINAL_NAME.test(urlOrKey) && !VARIANT_NAME.test(urlOrKey) && !urlOrKey.includes('..');

/** The variants of a stored image's URL, smallest first; none for a URL the server did not store. */
export const imageVariantsOf = (url: string | null | undefined): ImageVariant[] =>
  hasImageVariants(url) ? IMAGE_VARIANT_WIDTHS.map((width) => ({ width, url: variantPathOf(url, width) })) : [];

/** The `srcset` attribute for an image's variants (empty when it has none). */
export const srcSetOf = (variants: readonly ImageVariant[] | null | undefined) =>
  (variants ?? []).map((variant) => `${variant.url} ${variant.width}w`).join(', ');
