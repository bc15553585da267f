import { CROP_ASPECTS, LIMITS, type CropData } from '../domain';

/** A crop rectangle in pixels of the natural image. */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PixelCrop = CropData & { unit: 'px' };

export interface NudgeModifiers {
  shift?: boolean;
  ctrl?: boolean;
  /** Cmd on macOS, which plays Ctrl's role there (spec §2). */
  meta?: boolean;
}

export type AspectPresetId = 'horizontal' | 'square' | 'vertical';

/** The ratio buttons of the crop dialog (spec §2), width divided by height. */
export const ASPECT_PRESETS: ReadonlyArray<{ id: AspectPresetId; label: string; aspect: number }> = [
  { id: 'horizontal', label: 'Horizontal 16:9', aspect: CROP_ASPECTS.default },
  { id: 'square', label: 'Square 1:1', aspect: CROP_ASPECTS.villa },
  { id: 'vertical', label: 'Vertical 4:5', aspect: CROP_ASPECTS.tower },
];

type HorizontalWord = 'left' | 'center' | 'right';
type VerticalWord = 'top' | 'center' | 'bottom';

// Nearest of 0 / 50 / 100 %, ties going to center: the 3x3 grid offers only those three.
function snap(percent: number): 'start' | 'center' | 'end' {
  const toStart = Math.abs(percent);
  const toCenter = Math.abs(percent - 50);
  const toEnd = Math.abs(percent - 100);
  if (toCenter <= toStart && toCenter <= toEnd) return 'center';
  // Stryker disable next-line EqualityOperator: toStart equals toEnd only at 50%, which returned 'center' above
  return toStart < toEnd ? 'start' : 'end';
}

const PERCENT = /^(-?\d+(?:\.\d+)?)%$/;

/**
 * The object-position stored with a property image, as words (spec §3): '0% 0%' → 'left top',
 * '50% 100%' → 'center bottom', '50% 50%' → 'center'. Keyword input is put in the same canonical
 * form ('top left' → 'left top', 'left center' → 'left'), so equal positions compare equal.
 * Empty input is 'center'; anything unrecognised (such as px offsets) is returned as given,
 * since it is still valid CSS.
 */
export function toObjectPositionWords(position: string | null | undefined): string {
  const raw = typeof position === 'string' ? position.trim() : '';
  if (raw === '') return 'center';
  const tokens = raw.toLowerCase().split(/\s+/);
  if (tokens.length > 2) return raw;

  let x: HorizontalWord | null = null;
  let y: VerticalWord | null = null;
  for (const [index, token] of tokens.entries()) {
    const percent = PERCENT.exec(token);
    if (percent) {
      const at = snap(Number(percent[1]));
      // Percentages are positional in CSS: the first is horizontal, the second vertical.
      if (index === 0) x = at === 'start' ? 'left' : at === 'end' ? 'right' : 'center';
      else if (y !== null) return raw;
      else y = at === 'start' ? 'top' : at === 'end' ? 'bottom' : 'center';
    } else if (token === 'left' || token === 'right') {
      if (x !== null) return raw;
      x = token;
    } else if (token === 'top' || token === 'bottom') {
      if (y !== null) return raw;
      y = token;
    } else if (token !== 'center') {
      // A bare 'center' needs no bookkeeping: it fills whichever axis the other word left open, and an open axis is center.
      return raw;
    }
  }
  const horizontal = x ?? 'center';
  const vertical = y ?? 'center';
  if (vertical === 'center') return horizontal;
  return `${horizontal} ${vertical}`;
}

/** The card aspect for a project type (spec §3): tower 0.8, villa 1, anything else 16/9. */
export function cropAspectFor(projectType?: string | null): number {
  // Stryker disable next-line StringLiteral: any text that is neither tower nor villa gives the default aspect, as '' does
  const type = typeof projectType === 'string' ? projectType.trim().toLowerCase() : '';
  if (type === 'tower') return CROP_ASPECTS.tower;
  if (type === 'villa') return CROP_ASPECTS.villa;
  return CROP_ASPECTS.default;
}

/** The ratio button an aspect lights up: the first within 0.1 (spec §5), or null. */
export function matchAspectPreset(aspect: number | null | undefined, tolerance = 0.1): AspectPresetId | null {
  if (typeof aspect !== 'number' || !Number.isFinite(aspect)) return null;
  return ASPECT_PRESETS.find((preset) => Math.abs(preset.aspect - aspect) <= tolerance)?.id ?? null;
}

function finiteOr(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/**
 * Keeps a pixel crop inside the image and at least min x min (spec §9: 20 by 20).
 * A crop drawn leftwards or upwards arrives with a negative size and is flipped first.
 * On an image smaller than the minimum the crop is the whole image: it cannot be larger.
 */
export function clampCrop(crop: CropRect, imageWidth: number, imageHeight: number, min: number = LIMITS.cropMinSize): PixelCrop {
  const maxWidth = Math.max(0, finiteOr(imageWidth, 0));
  const maxHeight = Math.max(0, finiteOr(imageHeight, 0));
  let x = finiteOr(crop.x, 0);
  let y = finiteOr(crop.y, 0);
  let width = finiteOr(crop.width, 0);
  let height = finiteOr(crop.height, 0);
  // Stryker disable next-line EqualityOperator: flipping a zero width moves nothing and leaves it zero
  if (width < 0) {
    x += width;
    width = -width;
  }
  // Stryker disable next-line EqualityOperator: flipping a zero height moves nothing and leaves it zero
  if (height < 0) {
    y += height;
    height = -height;
  }
  width = clamp(width, Math.min(min, maxWidth), maxWidth);
  height = clamp(height, Math.min(min, maxHeight), maxHeight);
  x = clamp(x, 0, maxWidth - width);
  y = clamp(y, 0, maxHeight - height);
  return { x, y, width, height, unit: 'px' };
}

const NUDGES: Record<string, { dx: number; dy: number }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

/** Whether a key moves the crop, so the dialog knows to stop the page from scrolling. */
export function isNudgeKey(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(NUDGES, key);
}

/** The step of one key press: 1, 10 with Shift, 100 with Ctrl or Cmd (spec §2, §9). */
export function nudgeStep(modifiers: NudgeModifiers = {}): number {
  if (modifiers.ctrl || modifiers.meta) return LIMITS.cropNudge.ctrl;
  if (modifiers.shift) return LIMITS.cropNudge.shift;
  return LIMITS.cropNudge.plain;
}

/** Moves the crop with an arrow key, stopping at the image's edges; other keys change nothing. */
export function nudgeCrop(crop: CropRect, key: string, modifiers: NudgeModifiers, imageWidth: number, imageHeight: number): PixelCrop {
  const direction = isNudgeKey(key) ? NUDGES[key] : { dx: 0, dy: 0 };
  const step = nudgeStep(modifiers);
  return clampCrop({ ...crop, x: crop.x + direction.dx * step, y: crop.y + direction.dy * step }, imageWidth, imageHeight);
}

/**
 * The crop the dialog opens with (spec §5). Free form: 80% of each side, 10% in from the edges.
 * Fixed ratio: 90% of the width at that ratio, centred; when that is too tall for the image, 90%
 * of the height instead, so the crop keeps the same margin on its tight side.
 */
export function defaultCrop(imageWidth: number, imageHeight: number, aspect?: number | null): PixelCrop {
  if (typeof aspect !== 'number' || !Number.isFinite(aspect) || aspect <= 0) {
    return clampCrop({ x: imageWidth * 0.1, y: imageHeight * 0.1, width: imageWidth * 0.8, height: imageHeight * 0.8 }, imageWidth, imageHeight);
  }
  let width = imageWidth * 0.9;
  let height = width / aspect;
  if (height > imageHeight) {
    height = imageHeight * 0.9;
    width = height * aspect;
  }
  return clampCrop({ x: (imageWidth - width) / 2, y: (imageHeight - height) / 2, width, height }, imageWidth, imageHeight);
}
