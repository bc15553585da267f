import { LIMITS, remainingImageSlots } from '@repo/types';
import { IMAGES_TEXT } from './messages';

export interface FileCheck {
  accepted: File[];
  errors: string[];
}

/** The picker's `accept`, and the same rule for files dropped past it: image files only (spec §5). */
export const IMAGE_ACCEPT = 'image/*';

export const isImageFile = (file: File) => file.type.startsWith('image/');

/**
 * The client's copy of the server's upload rules, so the admin hears about a bad pick before
 * anything is sent: image files only, the size limit of the screen, and at most 10 images per
 * unit. A pick that would pass 10 is refused whole, as the server's limit rule does, so the admin
 * chooses what to drop.
 */
export const checkPickedFiles = (picked: readonly File[], alreadyHeld: number, maxBytes: number, max: number = LIMITS.maxImagesPerUnit): FileCheck => {
  const errors: string[] = [];
  const images = picked.filter((file) => {
    if (!isImageFile(file)) errors.push(IMAGES_TEXT.notAnImage(file.name));
    else if (file.size > maxBytes) errors.push(IMAGES_TEXT.tooLarge(file.name, maxBytes));
    else return true;
    return false;
  });
  if (images.length > remainingImageSlots(alreadyHeld, max)) return { accepted: [], errors: [IMAGES_TEXT.tooMany, ...errors] };
  return { accepted: images, errors };
};
