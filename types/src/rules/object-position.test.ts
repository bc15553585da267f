import { describe, expect, it } from 'vitest';
import { clampCrop, cropAspectFor, defaultCrop, isNudgeKey, matchAspectPreset, nudgeCrop, nudgeStep, toObjectPositionWords } from './object-position';

describe('toObjectPositionWords', () => {
  it('converts the grid percentages to words', () => {
    expect(toObjectPositionWords('0% 0%')).toBe('left top');
    expect(toObjectPositionWords('50% 0%')).toBe('center top');
    expect(toObjectPositionWords('100% 0%')).toBe('right top');
    expect(toObjectPositionWords('0% 50%')).toBe('left');
    expect(toObjectPositionWords('50% 50%')).toBe('center');
    expect(toObjectPositionWords('100% 50%')).toBe('right');
    expect(toObjectPositionWords('0% 100%')).toBe('left bottom');
    expect(toObjectPositionWords('50% 100%')).toBe('center bottom');
    expect(toObjectPositionWords('100% 100%')).toBe('right bottom');
  });

  it('snaps other percentages to the nearest grid position', () => {
    expect(toObjectPositionWords('20% 80%')).toBe('left bottom');
    expect(toObjectPositionWords('25% 75%')).toBe('center');
    expect(toObjectPositionWords('99.5% 3%')).toBe('right top');
    expect(toObjectPositionWords('-10% 150%')).toBe('left bottom');
  });

  it('reads a single percentage as horizontal, like CSS', () => {
    expect(toObjectPositionWords('0%')).toBe('left');
  });

  it('passes words through in canonical form', () => {
    expect(toObjectPositionWords('center')).toBe('center');
    expect(toObjectPositionWords('left')).toBe('left');
    expect(toObjectPositionWords('right bottom')).toBe('right bottom');
    expect(toObjectPositionWords('top left')).toBe('left top');
    expect(toObjectPositionWords('Center  Top')).toBe('center top');
    expect(toObjectPositionWords('top')).toBe('center top');
    expect(toObjectPositionWords('left center')).toBe('left');
    expect(toObjectPositionWords('center center')).toBe('center');
  });

  it('mixes a keyword and a percentage', () => {
    expect(toObjectPositionWords('left 100%')).toBe('left bottom');
  });

  it('defaults empty input to center', () => {
    expect(toObjectPositionWords('')).toBe('center');
    expect(toObjectPositionWords(null)).toBe('center');
    expect(toObjectPositionWords(undefined)).toBe('center');
  });

  it('returns values it does not understand unchanged', () => {
    expect(toObjectPositionWords('10px 20px')).toBe('10px 20px');
    expect(toObjectPositionWords('left right')).toBe('left right');
    expect(toObjectPositionWords('top 50%')).toBe('top 50%');
    expect(toObjectPositionWords('left top center')).toBe('left top center');
  });

  it('is idempotent', () => {
    for (const value of ['0% 0%', '50% 100%', 'top left', 'center', '33% 67%', 'bottom']) {
      const words = toObjectPositionWords(value);
      expect(toObjectPositionWords(words)).toBe(words);
    }
  });
});

describe('cropAspectFor', () => {
  it('uses 0.8 for towers, 1 for villas and 16/9 otherwise', () => {
    expect(cropAspectFor('tower')).toBe(0.8);
    expect(cropAspectFor(' Villa ')).toBe(1);
    expect(cropAspectFor('townhouse')).toBe(16 / 9);
    expect(cropAspectFor()).toBe(16 / 9);
    expect(cropAspectFor(null)).toBe(16 / 9);
  });
});

describe('matchAspectPreset', () => {
  it('lights the ratio button within 0.1 of the aspect', () => {
    expect(matchAspectPreset(16 / 9)).toBe('horizontal');
    expect(matchAspectPreset(1.7)).toBe('horizontal');
    expect(matchAspectPreset(1.05)).toBe('square');
    expect(matchAspectPreset(0.75)).toBe('vertical');
  });

  it('lights none for other aspects', () => {
    expect(matchAspectPreset(1.4)).toBeNull();
    expect(matchAspectPreset(null)).toBeNull();
    expect(matchAspectPreset(Number.NaN)).toBeNull();
  });
});

describe('clampCrop', () => {
  it('keeps a crop already inside the image', () => {
    expect(clampCrop({ x: 10, y: 20, width: 100, height: 50 }, 400, 300)).toEqual({
      x: 10,
      y: 20,
      width: 100,
      height: 50,
      unit: 'px',
    });
  });

  it('moves a crop that sticks out back inside', () => {
    expect(clampCrop({ x: 350, y: -5, width: 100, height: 50 }, 400, 300)).toEqual({
      x: 300,
      y: 0,
      width: 100,
      height: 50,
      unit: 'px',
    });
  });

  it('shrinks a crop larger than the image', () => {
    expect(clampCrop({ x: -10, y: -10, width: 900, height: 900 }, 400, 300)).toEqual({
      x: 0,
      y: 0,
      width: 400,
      height: 300,
      unit: 'px',
    });
  });

  it('never goes below 20 by 20', () => {
    expect(clampCrop({ x: 395, y: 5, width: 3, height: 0 }, 400, 300)).toEqual({
      x: 380,
      y: 5,
      width: 20,
      height: 20,
      unit: 'px',
    });
    expect(clampCrop({ x: 0, y: 0, width: 5, height: 5 }, 400, 300, 50)).toMatchObject({ width: 50, height: 50 });
  });

  it('flips a crop drawn leftwards or upwards', () => {
    expect(clampCrop({ x: 200, y: 200, width: -100, height: -50 }, 400, 300)).toEqual({
      x: 100,
      y: 150,
      width: 100,
      height: 50,
      unit: 'px',
    });
  });

  it('uses the whole image when it is smaller than the minimum', () => {
    expect(clampCrop({ x: 3, y: 3, width: 5, height: 5 }, 10, 12)).toEqual({
      x: 0,
      y: 0,
      width: 10,
      height: 12,
      unit: 'px',
    });
  });

  it('treats non-finite values as zero', () => {
    expect(clampCrop({ x: Number.NaN, y: 5, width: Number.POSITIVE_INFINITY, height: 30 }, 400, 300)).toEqual({
      x: 0,
      y: 5,
      width: 20,
      height: 30,
      unit: 'px',
    });
  });

  it('always returns a crop inside the image for any input', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 500; i += 1) {
      const imageWidth = 20 + Math.floor(next() * 2000);
      const imageHeight = 20 + Math.floor(next() * 2000);
      const crop = clampCrop(
        {
          x: (next() - 0.5) * 5000,
          y: (next() - 0.5) * 5000,
          width: (next() - 0.5) * 5000,
          height: (next() - 0.5) * 5000,
        },
        imageWidth,
        imageHeight,
      );
      expect(crop.x).toBeGreaterThanOrEqual(0);
      expect(crop.y).toBeGreaterThanOrEqual(0);
      expect(crop.width).toBeGreaterThanOrEqual(20);
      expect(crop.height).toBeGreaterThanOrEqual(20);
      expect(crop.x + crop.width).toBeLessThanOrEqual(imageWidth);
      expect(crop.y + crop.height).toBeLessThanOrEqual(imageHeight);
    }
  });
});

describe('nudgeStep', () => {
  it('steps 1, 10 with Shift and 100 with Ctrl or Cmd', () => {
    expect(nudgeStep()).toBe(1);
    expect(nudgeStep({ shift: true })).toBe(10);
    expect(nudgeStep({ ctrl: true })).toBe(100);
    expect(nudgeStep({ meta: true })).toBe(100);
    expect(nudgeStep({ ctrl: true, shift: true })).toBe(100);
  });
});

describe('nudgeCrop', () => {
  const crop = { x: 150, y: 100, width: 100, height: 100 };

  it('moves the crop with each arrow key', () => {
    expect(nudgeCrop(crop, 'ArrowLeft', {}, 400, 300)).toMatchObject({ x: 149, y: 100 });
    expect(nudgeCrop(crop, 'ArrowRight', { shift: true }, 400, 300)).toMatchObject({ x: 160, y: 100 });
    expect(nudgeCrop(crop, 'ArrowUp', { shift: true }, 400, 300)).toMatchObject({ x: 150, y: 90 });
    expect(nudgeCrop(crop, 'ArrowDown', {}, 400, 300)).toMatchObject({ x: 150, y: 101 });
  });

  it('stops at the image edges', () => {
    expect(nudgeCrop(crop, 'ArrowLeft', { ctrl: true }, 400, 300)).toMatchObject({ x: 50 });
    expect(nudgeCrop(crop, 'ArrowLeft', { ctrl: true }, 400, 300)).toMatchObject({ x: 50 });
    expect(nudgeCrop({ ...crop, x: 60 }, 'ArrowLeft', { meta: true }, 400, 300)).toMatchObject({ x: 0 });
    expect(nudgeCrop(crop, 'ArrowDown', { ctrl: true }, 400, 300)).toMatchObject({ y: 200 });
    expect(nudgeCrop(crop, 'ArrowRight', { ctrl: true }, 400, 300)).toMatchObject({ x: 250 });
  });

  it('keeps the size while moving', () => {
    expect(nudgeCrop(crop, 'ArrowUp', { ctrl: true }, 400, 300)).toEqual({
      x: 150,
      y: 0,
      width: 100,
      height: 100,
      unit: 'px',
    });
  });

  it('ignores other keys', () => {
    expect(nudgeCrop(crop, 'Enter', { ctrl: true }, 400, 300)).toEqual({ ...crop, unit: 'px' });
    expect(isNudgeKey('Enter')).toBe(false);
    expect(isNudgeKey('toString')).toBe(false);
    expect(isNudgeKey('ArrowUp')).toBe(true);
  });
});

describe('defaultCrop', () => {
  it('takes 80% centred in free mode', () => {
    expect(defaultCrop(1000, 500)).toEqual({ x: 100, y: 50, width: 800, height: 400, unit: 'px' });
    expect(defaultCrop(1000, 500, null)).toEqual(defaultCrop(1000, 500));
  });

  it('takes 90% of the width at a fixed aspect, centred', () => {
    expect(defaultCrop(1000, 1000, 16 / 9)).toEqual({ x: 50, y: 246.875, width: 900, height: 506.25, unit: 'px' });
    expect(defaultCrop(1000, 1000, 1)).toEqual({ x: 50, y: 50, width: 900, height: 900, unit: 'px' });
  });

  it('shrinks to 90% of the height when the width would make it too tall', () => {
    const crop = defaultCrop(1000, 500, 0.8);
    expect(crop.height).toBe(450);
    expect(crop.width).toBeCloseTo(360);
    expect(crop.x).toBeCloseTo(320);
    expect(crop.y).toBe(25);
    expect(crop.width / crop.height).toBeCloseTo(0.8);
  });

  it('keeps the aspect and stays inside the image for any image size', () => {
    for (const [width, height] of [
      [4000, 3000],
      [300, 2000],
      [1920, 1080],
      [640, 640],
    ]) {
      for (const aspect of [16 / 9, 1, 0.8]) {
        const crop = defaultCrop(width, height, aspect);
        expect(crop.width / crop.height).toBeCloseTo(aspect);
        expect(crop.x + crop.width).toBeLessThanOrEqual(width + 1e-9);
        expect(crop.y + crop.height).toBeLessThanOrEqual(height + 1e-9);
        expect(crop.x).toBeCloseTo(width - crop.x - crop.width);
      }
    }
  });
});
