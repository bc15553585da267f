import type { Core } from '@strapi/strapi';
import { hasImageVariants } from '@repo/types';
import { backfillVariants, isUnitImageKey } from '../lib/images';
import { unitImagesData } from '../lib/unit-images';
import { PROPERTY_IMAGE_FOLDER } from '../../project/services/property-image';

export interface BackfillReport {
  /** Stored originals looked at (each once, however many units share it). */
  checked: number;
  /** Originals that got at least one missing variant (or were stripped). */
  made: number;
  /** Originals that already had every variant. */
  complete: number;
  /** Originals whose file is gone (their variants cannot be made). */
  missing: number;
  /** Originals that could not be processed (logged). */
  failed: number;
}

export interface BackfillOptions {
  /** Rewrite originals that still carry metadata (EXIF, GPS, XMP, IPTC, comments: variants.ts, hasMetadata) without it: true unless said otherwise. */
  strip?: boolean;
  onProgress?: (done: number, total: number, report: BackfillReport) => void;
}

/** The key of a project cover from its URL: what follows the folder, when it is one this server stored. */
const propertyKeyOf = (url: string | null) => {
  if (!hasImageVariants(url)) return null;
  const at = url.lastIndexOf(`/${PROPERTY_IMAGE_FOLDER}/`);
  return at === -1 ? null : url.slice(at + 1);
};

/**
 * `npm run images:backfill` (issue #26): gives every stored image, unit images and project covers,
 * the variants it lacks. Safe to re-run: an image whose variants all exist is only looked at.
 */
const imageBackfill = ({ strapi }: { strapi: Core.Strapi }) => ({
  async run({ strip = true, onProgress }: BackfillOptions = {}): Promise<BackfillReport> {
    const images = new Map<string, string>();
    for (const unit of await unitImagesData(strapi).load({})) {
      for (const image of unit.images) if (isUnitImageKey(image.path) && hasImageVariants(image.url)) images.set(image.path, image.url);
    }
    const projects = (await strapi.db.query('api::project.project').findMany({ select: ['imageUrl'] })) as { imageUrl: string | null }[];
    for (const project of projects) {
      const key = propertyKeyOf(project.imageUrl);
      if (key && project.imageUrl) images.set(key, project.imageUrl);
    }
    const report: BackfillReport = { checked: 0, made: 0, complete: 0, missing: 0, failed: 0 };
    for (const [key, url] of images) {
      try {
        report[await backfillVariants(strapi, { key, url }, { strip })] += 1;
      } catch (error) {
        report.failed += 1;
        strapi.log.warn(`Could not make the variants of ${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
      report.checked += 1;
      onProgress?.(report.checked, images.size, report);
    }
    return report;
  },
});

export type ImageBackfill = ReturnType<typeof imageBackfill>;
export default imageBackfill;
