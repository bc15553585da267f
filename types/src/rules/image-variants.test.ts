import { describe, expect, it } from 'vitest';
import { hasImageVariants, imageVariantsOf, srcSetOf, variantPathsOf } from './image-variants';

describe('image variants', () => {
  it('names every variant next to its original, same key scheme, WebP', () => {
    expect(variantPathsOf('units/5/1712345678901_Sea_view.jpg')).toEqual([
      'units/5/1712345678901_Sea_view.w320.webp',
      'units/5/1712345678901_Sea_view.w800.webp',
      'units/5/1712345678901_Sea_view.w1600.webp',
    ]);
  });

  it('gives variants for URLs the server stored, local or S3, and none for others', () => {
    expect(imageVariantsOf('/uploads/property_images/1712345678901_front.png').map((variant) => variant.url)).toEqual([
      '/uploads/property_images/1712345678901_front.w320.webp',
      '/uploads/property_images/1712345678901_front.w800.webp',
      '/uploads/property_images/1712345678901_front.w1600.webp',
    ]);
    expect(imageVariantsOf('http://127.0.0.1:9000/bucket/units/3/1712345678901_a.b.webp')).toHaveLength(3);
    expect(imageVariantsOf('https://example.com/photo.jpg')).toEqual([]);
    expect(imageVariantsOf('/uploads/units/3/1712345678901_a.w320.webp')).toEqual([]);
    expect(imageVariantsOf('/uploads/units/3/1712345678901_a.svg')).toEqual([]);
    expect(imageVariantsOf(null)).toEqual([]);
    expect(hasImageVariants('/uploads/../units/3/1712345678901_a.jpg')).toBe(false);
  });

  it('builds a srcset with width descriptors', () => {
    expect(srcSetOf(imageVariantsOf('/uploads/units/1/1712345678901_a.jpg'))).toBe(
      '/uploads/units/1/1712345678901_a.w320.webp 320w, /uploads/units/1/1712345678901_a.w800.webp 800w, /uploads/units/1/1712345678901_a.w1600.webp 1600w',
    );
    expect(srcSetOf(undefined)).toBe('');
  });
});
