import { LIMITS, type CropRect } from '@repo/types';

/** The name of a cropped upload (spec §4: a cropped_ prefix). */
export const croppedFileName = (originalName: string) => `cropped_${originalName}`;

/**
 * Draws the crop of a loaded image onto a canvas and encodes it as JPEG at quality 0.95 (spec §9).
 * JPEG has no transparency, so transparent areas become white rather than black. Throws when the
 * browser cannot do it (no 2D context, a cross-origin image without CORS, an encoder failure).
 */
export const cropImageToFile = async (image: HTMLImageElement, crop: CropRect, originalName: string): Promise<File> => {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(crop.width));
  canvas.height = Math.max(1, Math.round(crop.height));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the crop');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', LIMITS.cropJpegQuality));
  if (!blob) throw new Error('The crop could not be encoded as JPEG');
  return new File([blob], croppedFileName(originalName), { type: 'image/jpeg' });
};
