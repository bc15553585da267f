import { afterEach, describe, expect, it, vi } from 'vitest';
import { coverLayout, fromPercentCrop, isWholeImage, nudgeFromKey, positionFractions, toPercentCrop } from '../utils/crop-geometry';
import { cropImageToFile, croppedFileName } from '../utils/crop-image';

const image = { width: 1000, height: 500 };
const crop = { x: 100, y: 100, width: 400, height: 200 };
const key = (name: string, modifiers: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({
  key: name,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...modifiers,
});

describe('crop keyboard nudge', () => {
  it('moves by 1, by 10 with Shift and by 100 with Ctrl or Cmd, in image pixels', () => {
    expect(nudgeFromKey(crop, key('ArrowRight'), image)).toMatchObject({ x: 101, y: 100 });
    expect(nudgeFromKey(crop, key('ArrowDown', { shiftKey: true }), image)).toMatchObject({ x: 100, y: 110 });
    expect(nudgeFromKey(crop, key('ArrowLeft', { ctrlKey: true }), image)).toMatchObject({ x: 0 });
    expect(nudgeFromKey(crop, key('ArrowRight', { metaKey: true }), image)).toMatchObject({ x: 200 });
  });

  it('stops at the edges and keeps the size', () => {
    expect(nudgeFromKey(crop, key('ArrowUp', { ctrlKey: true }), image)).toEqual({ x: 100, y: 0, width: 400, height: 200, unit: 'px' });
    expect(nudgeFromKey({ ...crop, x: 590 }, key('ArrowRight', { shiftKey: true }), image)).toMatchObject({ x: 600, width: 400 });
  });

  it('ignores every other key', () => {
    expect(nudgeFromKey(crop, key('Enter'), image)).toBeNull();
    expect(nudgeFromKey(crop, key('a', { ctrlKey: true }), image)).toBeNull();
  });
});

describe('crop geometry', () => {
  it('converts between image pixels and the percentages the crop tool draws with', () => {
    const percent = toPercentCrop(crop, image);
    expect(percent).toEqual({ unit: '%', x: 10, y: 20, width: 40, height: 40 });
    expect(fromPercentCrop(percent, image)).toEqual({ ...crop, unit: 'px' });
  });

  it('never lets a drawn crop go below 20 by 20 or outside the image', () => {
    expect(fromPercentCrop({ x: 99.9, y: 99.9, width: 0.1, height: 0.1 }, image)).toEqual({ x: 980, y: 480, width: 20, height: 20, unit: 'px' });
  });

  it('tells a crop of the whole image apart', () => {
    expect(isWholeImage({ x: 0, y: 0, width: 1000, height: 500 }, image)).toBe(true);
    expect(isWholeImage(crop, image)).toBe(false);
  });

  it('reads the position words as fractions and lays the crop out as a card would cover it', () => {
    expect(positionFractions('left top')).toEqual({ x: 0, y: 0 });
    expect(positionFractions('right')).toEqual({ x: 1, y: 0.5 });
    expect(positionFractions('50% 100%')).toEqual({ x: 0.5, y: 1 });
    // A 400x200 crop in a 200x200 box: scaled by 1, 200 px of width to spare, aligned left or right.
    expect(coverLayout(crop, image, { width: 200, height: 200 }, 'left')).toEqual({ width: 1000, height: 500, left: -100, top: -100 });
    expect(coverLayout(crop, image, { width: 200, height: 200 }, 'right')).toEqual({ width: 1000, height: 500, left: -300, top: -100 });
  });
});

describe('cropped file', () => {
  afterEach(() => vi.restoreAllMocks());

  it("is a JPEG at quality 0.95 named 'cropped_' plus the original name", async () => {
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage, fillRect: vi.fn(), fillStyle: '' } as unknown as CanvasRenderingContext2D);
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      callback: BlobCallback,
      type?: string,
    ) {
      callback(new Blob([`${this.width}x${this.height}`], { type }));
    });
    const file = await cropImageToFile(document.createElement('img'), { x: 10.4, y: 20, width: 300.6, height: 150 }, 'tower.png');
    expect(croppedFileName('tower.png')).toBe('cropped_tower.png');
    expect(file.name).toBe('cropped_tower.png');
    expect(file.type).toBe('image/jpeg');
    expect(toBlob.mock.calls[0].slice(1)).toEqual(['image/jpeg', 0.95]);
    expect(drawImage.mock.calls[0].slice(1)).toEqual([10.4, 20, 300.6, 150, 0, 0, 301, 150]);
  });

  it('fails loudly when the browser cannot draw or encode it', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    await expect(cropImageToFile(document.createElement('img'), crop, 'a.png')).rejects.toThrow('This browser cannot draw the crop');
  });
});
