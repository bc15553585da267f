import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './seeded-random';
import { addImages, ensureOneFeatured, featuredImage, maxImagesMessage, remainingImageSlots, removeImage, setFeatured } from './featured-images';

interface Image {
  id: string;
  url: string;
  featured?: boolean;
}

const img = (id: string, featured = false): Image => ({ id, url: `https://cdn.example/${id}.jpg`, featured });
const featuredIds = (images: readonly Image[]) => images.filter((image) => image.featured).map((image) => image.id);

const prng = createSeededRandom;

describe('ensureOneFeatured', () => {
  it('makes the first image featured when none is', () => {
    expect(featuredIds(ensureOneFeatured([img('a'), img('b')]))).toEqual(['a']);
  });

  it('keeps only the first featured image when several are', () => {
    expect(featuredIds(ensureOneFeatured([img('a'), img('b', true), img('c', true)]))).toEqual(['b']);
  });

  it('keeps a single featured image as it is', () => {
    expect(featuredIds(ensureOneFeatured([img('a'), img('b', true)]))).toEqual(['b']);
  });

  it('turns a missing flag into false', () => {
    const stored: Image[] = [
      { id: 'a', url: 'a' },
      { id: 'b', url: 'b' },
    ];
    const images = ensureOneFeatured(stored);
    expect(images.map((image) => image.featured)).toEqual([true, false]);
  });

  it('returns an empty list for no images', () => {
    expect(ensureOneFeatured([])).toEqual([]);
  });

  it('does not modify its input', () => {
    const input = [img('a'), img('b', true), img('c', true)];
    ensureOneFeatured(input);
    expect(featuredIds(input)).toEqual(['b', 'c']);
  });
});

describe('addImages', () => {
  it('makes the first upload featured on a unit without images', () => {
    const result = addImages([], [img('a'), img('b')]);
    expect(result.ok && featuredIds(result.images)).toEqual(['a']);
  });

  it('keeps the existing featured image when adding more', () => {
    const result = addImages([img('a'), img('b', true)], [img('c', true)]);
    expect(result.ok && result.images.map((image) => image.id)).toEqual(['a', 'b', 'c']);
    expect(result.ok && featuredIds(result.images)).toEqual(['b']);
  });

  it('accepts up to 10 images in total', () => {
    const existing = Array.from({ length: 8 }, (_, i) => img(`e${i}`));
    const result = addImages(existing, [img('n1'), img('n2')]);
    expect(result.ok && result.images).toHaveLength(10);
  });

  it('refuses a selection that would pass 10 images, whole', () => {
    const existing = Array.from({ length: 9 }, (_, i) => img(`e${i}`));
    expect(addImages(existing, [img('n1'), img('n2')])).toEqual({
      ok: false,
      error: 'Maximum 10 images allowed per unit',
    });
  });

  it('honours a different maximum in its message', () => {
    expect(addImages([img('a')], [img('b')], 1)).toEqual({ ok: false, error: 'Maximum 1 images allowed per unit' });
    expect(maxImagesMessage()).toBe('Maximum 10 images allowed per unit');
  });

  it('adding nothing keeps the list valid', () => {
    const result = addImages([img('a'), img('b')], []);
    expect(result.ok && featuredIds(result.images)).toEqual(['a']);
  });
});

describe('removeImage', () => {
  it('promotes the first remaining image when the featured one is deleted', () => {
    expect(featuredIds(removeImage([img('a'), img('b', true), img('c')], 'b'))).toEqual(['a']);
    expect(featuredIds(removeImage([img('a', true), img('b'), img('c')], 'a'))).toEqual(['b']);
  });

  it('keeps the featured image when another one is deleted', () => {
    const images = removeImage([img('a'), img('b', true), img('c')], 'c');
    expect(images.map((image) => image.id)).toEqual(['a', 'b']);
    expect(featuredIds(images)).toEqual(['b']);
  });

  it('leaves an empty list after deleting the last image', () => {
    expect(removeImage([img('a', true)], 'a')).toEqual([]);
  });

  it('changes nothing for an unknown id', () => {
    expect(featuredIds(removeImage([img('a'), img('b', true)], 'zzz'))).toEqual(['b']);
  });
});

describe('setFeatured', () => {
  it('makes the chosen image the only featured one', () => {
    expect(featuredIds(setFeatured([img('a', true), img('b'), img('c')], 'c'))).toEqual(['c']);
  });

  it('changes nothing for an unknown id', () => {
    expect(featuredIds(setFeatured([img('a'), img('b', true)], 'zzz'))).toEqual(['b']);
  });

  it('features only the first of two images sharing an id', () => {
    const images = setFeatured([img('a', true), img('dup'), img('dup')], 'dup');
    expect(images.map((image) => image.featured)).toEqual([false, true, false]);
  });
});

describe('featuredImage', () => {
  it('returns the featured image, else the first, else nothing', () => {
    expect(featuredImage([img('a'), img('b', true)])?.id).toBe('b');
    expect(featuredImage([img('a'), img('b')])?.id).toBe('a');
    expect(featuredImage([])).toBeUndefined();
  });
});

describe('remainingImageSlots', () => {
  it('counts the images a unit can still take', () => {
    expect(remainingImageSlots(0)).toBe(10);
    expect(remainingImageSlots(7)).toBe(3);
    expect(remainingImageSlots(12)).toBe(0);
  });
});

describe('featured invariant over generated operation sequences', () => {
  it('keeps exactly one featured image in every non-empty list and never more than 10 images', () => {
    const random = prng(42);
    let nextId = 0;
    for (let run = 0; run < 200; run += 1) {
      let images: Image[] = [];
      for (let step = 0; step < 40; step += 1) {
        const roll = random();
        if (roll < 0.4) {
          const added = Array.from({ length: 1 + Math.floor(random() * 4) }, () => img(`i${(nextId += 1)}`, random() < 0.3));
          const result = addImages(images, added);
          if (result.ok) images = result.images;
          else expect(images.length + added.length).toBeGreaterThan(10);
        } else if (roll < 0.7 && images.length > 0) {
          const victim = images[Math.floor(random() * images.length)];
          const wasFeatured = victim.featured;
          const before = images.filter((image) => image.id !== victim.id);
          images = removeImage(images, victim.id);
          if (wasFeatured && images.length > 0) expect(images[0].id).toBe(before[0].id);
          if (wasFeatured && images.length > 0) expect(images[0].featured).toBe(true);
        } else if (images.length > 0) {
          const chosen = images[Math.floor(random() * images.length)];
          images = setFeatured(images, chosen.id);
          expect(featuredIds(images)).toEqual([chosen.id]);
        }
        expect(images.length).toBeLessThanOrEqual(10);
        expect(featuredIds(images)).toHaveLength(images.length === 0 ? 0 : 1);
        expect(new Set(images.map((image) => image.id)).size).toBe(images.length);
      }
    }
  });
});
