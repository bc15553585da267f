import { clampCrop, isNudgeKey, nudgeCrop, toObjectPositionWords, type CropRect, type PixelCrop } from '@repo/types';

export interface Size {
  width: number;
  height: number;
}

/** A crop in natural-image pixels as the percentages react-image-crop draws with. */
export const toPercentCrop = (crop: CropRect, image: Size) => ({
  unit: '%' as const,
  x: (crop.x / image.width) * 100,
  y: (crop.y / image.height) * 100,
  width: (crop.width / image.width) * 100,
  height: (crop.height / image.height) * 100,
});

/** What the crop tool reports (percentages of the shown image) back in natural pixels, kept inside and at least 20x20. */
export const fromPercentCrop = (crop: CropRect, image: Size): PixelCrop =>
  clampCrop(
    {
      x: (crop.x / 100) * image.width,
      y: (crop.y / 100) * image.height,
      width: (crop.width / 100) * image.width,
      height: (crop.height / 100) * image.height,
    },
    image.width,
    image.height,
  );

export interface NudgeEvent {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** The crop after an arrow key (1, Shift 10, Ctrl or Cmd 100 natural pixels), or null for any other key. */
export const nudgeFromKey = (crop: CropRect, event: NudgeEvent, image: Size): PixelCrop | null => {
  if (!isNudgeKey(event.key)) return null;
  return nudgeCrop(crop, event.key, { shift: event.shiftKey, ctrl: event.ctrlKey, meta: event.metaKey }, image.width, image.height);
};

/** Whether a crop is the whole image, in which case the original file is kept instead of re-encoding it. */
export const isWholeImage = (crop: CropRect, image: Size) =>
  Math.round(crop.x) === 0 && Math.round(crop.y) === 0 && Math.round(crop.width) === image.width && Math.round(crop.height) === image.height;

const FRACTIONS: Record<string, number> = { left: 0, top: 0, center: 0.5, right: 1, bottom: 1 };

/** The object-position words as fractions of the free space: 'left top' → 0, 0; 'center' → 0.5, 0.5. */
export const positionFractions = (position: string | null | undefined) => {
  const [horizontal = 'center', vertical = 'center'] = toObjectPositionWords(position).split(' ');
  return { x: FRACTIONS[horizontal] ?? 0.5, y: FRACTIONS[vertical] ?? 0.5 };
};

/**
 * Where to draw the whole image so that its crop covers a card box of `box` size, aligned by the
 * object-position: what a card shows of the cropped file, without making the file.
 */
export const coverLayout = (crop: CropRect, image: Size, box: Size, position: string) => {
  const scale = Math.max(box.width / crop.width, box.height / crop.height);
  const { x, y } = positionFractions(position);
  const offsetX = (box.width - crop.width * scale) * x;
  const offsetY = (box.height - crop.height * scale) * y;
  return {
    width: image.width * scale,
    height: image.height * scale,
    left: offsetX - crop.x * scale,
    top: offsetY - crop.y * scale,
  };
};
