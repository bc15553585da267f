import { describe, expect, it } from 'vitest';
import { ASPECT_PRESETS, defaultCrop, matchAspectPreset, toObjectPositionWords } from './object-position';

describe('toObjectPositionWords: edges of the grammar', () => {
  it.each([
    [' left ', 'left'],
    ['right', 'right'],
    ['bottom', 'center bottom'],
    ['bottom right', 'right bottom'],
    ['12.75% 87.5%', 'left bottom'],
    ['-10% 110%', 'left bottom'],
  ])('reads %j as %j', (position, words) => {
    expect(toObjectPositionWords(position)).toBe(words);
  });

  it.each(['top bottom', 'left right', '0% 0% 0%', 'a0%', '0%x', '50%% 0%', '.5% 0%'])('keeps %j as given: it is not a grid position', (position) => {
    expect(toObjectPositionWords(position)).toBe(position);
  });
});

describe('crop ratios', () => {
  it('labels the ratio buttons as spec §2 does', () => {
    expect(ASPECT_PRESETS.map((preset) => preset.label)).toEqual(['Horizontal 16:9', 'Square 1:1', 'Vertical 4:5']);
  });

  it('lights a ratio button at exactly the tolerance away, and none just beyond it', () => {
    expect(matchAspectPreset(1.125, 0.125)).toBe('square');
    expect(matchAspectPreset(1.25, 0.125)).toBeNull();
  });
});

describe('defaultCrop', () => {
  it('opens a zero or negative ratio as free form: 80% of each side, 10% in', () => {
    for (const aspect of [0, -1]) expect(defaultCrop(1000, 500, aspect)).toEqual({ x: 100, y: 50, width: 800, height: 400, unit: 'px' });
  });

  it('keeps 90% of the width when the crop is exactly as tall as the image, and switches to 90% of the height only when taller', () => {
    expect(defaultCrop(1000, 900, 1)).toEqual({ x: 50, y: 0, width: 900, height: 900, unit: 'px' });
    expect(defaultCrop(1000, 800, 1)).toEqual({ x: 140, y: 40, width: 720, height: 720, unit: 'px' });
  });
});
