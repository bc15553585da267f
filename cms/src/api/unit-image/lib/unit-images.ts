import type { Core } from '@strapi/strapi';
import { imageVariantsOf, type SharingChange, type UnitImage, type UnitImagesState } from '@repo/types';
import { isUnitImageKey } from './images';
import { touchRows, type DbTransaction } from '../../../db';
import { announceUnits } from '../../live/lib/changes';

/**
 * Reading and writing a unit's image list and sharing flags (spec §3 image entry, §4 images per
 * unit). The list is the repeatable component `unit.image`, written through the Document Service
 * (the query engine ignores components); `path` is the storage key and never leaves the server.
 */

const UNIT_UID = 'api::unit.unit';
const IMAGE_UID = 'unit.image';

/** An image entry as stored: the API's entry plus the private storage key. */
export interface StoredImage extends UnitImage {
  path: string | null;
}

export interface ImageUnit {
  id: number;
  documentId: string;
  projectId: number;
  unitNumber: string;
  unitType: string | null;
  images: StoredImage[];
  isImageSource: boolean;
  isSourceUnit: boolean;
  useSharedImages: boolean;
  sharedImagesUnitId: string | null;
}

/** A unit's image entry as its component's table holds it (the unit's detail reads it too). */
export interface ImageRow {
  imageId: string;
  url: string;
  path: string | null;
  name: string | null;
  featured: boolean | null;
  isSourceUnit: boolean | null;
}

interface UnitRow {
  id: number;
  documentId: string;
  projectId: number;
  unitNumber: string;
  unitType: string | null;
  images?: ImageRow[] | null;
  isImageSource: boolean | null;
  isSourceUnit: boolean | null;
  useSharedImages: boolean | null;
  sharedImagesUnitId: number | null;
}

/** An image entry from its row. */
export const storedImageOf = (image: ImageRow): StoredImage => ({
  id: image.imageId,
  url: image.url,
  path: image.path ?? null,
  name: image.name ?? null,
  featured: Boolean(image.featured),
  isSourceUnit: Boolean(image.isSourceUnit),
});

const fromRow = (row: UnitRow): ImageUnit => ({
  id: row.id,
  documentId: row.documentId,
  projectId: Number(row.projectId),
  unitNumber: row.unitNumber,
  unitType: row.unitType,
  images: (row.images ?? []).map(storedImageOf),
  isImageSource: Boolean(row.isImageSource),
  isSourceUnit: Boolean(row.isSourceUnit),
  useSharedImages: Boolean(row.useSharedImages),
  sharedImagesUnitId: row.sharedImagesUnitId === null || row.sharedImagesUnitId === undefined ? null : String(row.sharedImagesUnitId),
});

const toRow = (image: StoredImage): ImageRow => ({
  imageId: image.id,
  url: image.url,
  path: image.path,
  name: image.name,
  featured: image.featured,
  isSourceUnit: image.isSourceUnit,
});

/**
 * The entry as the API shows it: without the storage key, with its variants (issue #26) when this
 * server stored it; an entry imported with someone else's URL has none and is shown as it is.
 */
export const publicImage = ({ path, ...image }: StoredImage): UnitImage => ({ ...image, variants: isUnitImageKey(path) ? imageVariantsOf(image.url) : [] });

export const imagesStateOf = (unit: ImageUnit): UnitImagesState => ({
  unitId: unit.id,
  images: unit.images.map(publicImage),
  isImageSource: unit.isImageSource,
  isSourceUnit: unit.isSourceUnit,
  useSharedImages: unit.useSharedImages,
  sharedImagesUnitId: unit.sharedImagesUnitId,
});

export type SharingFlags = Pick<ImageUnit, 'isImageSource' | 'isSourceUnit' | 'useSharedImages' | 'sharedImagesUnitId'>;

export const unitImagesData = (strapi: Core.Strapi) => {
  const load = async (where: Record<string, unknown>): Promise<ImageUnit[]> => {
    const rows = (await strapi.db.query(UNIT_UID).findMany({
      where,
      select: ['id', 'documentId', 'projectId', 'unitNumber', 'unitType', 'isImageSource', 'isSourceUnit', 'useSharedImages', 'sharedImagesUnitId'],
      populate: { images: { select: ['imageId', 'url', 'path', 'name', 'featured', 'isSourceUnit'] } },
      orderBy: { id: 'asc' },
    })) as UnitRow[];
    return rows.map(fromRow);
  };

  /** The followers of a source: the units whose link points at it. */
  const followersOf = (sourceId: number) => load({ sharedImagesUnitId: sourceId, id: { $ne: sourceId } });

  return {
    load,
    loadOne: async (id: number) => (await load({ id }))[0] ?? null,
    followersOf,

    /**
     * Locks the units' rows for the rest of the transaction with a write that changes nothing:
     * on PostgreSQL a concurrent image change of the same unit waits here, then reads what the
     * first one committed; on SQLite the write takes the database's write lock. Answers how many
     * rows matched (0: the unit does not exist).
     */
    lock: (trx: DbTransaction, column: 'id' | 'projectId', value: number) => touchRows(strapi, trx, UNIT_UID, column, value, 'unitNumber'),

    /** Replaces a unit's image list, and its sharing flags when given. */
    write: async (unit: Pick<ImageUnit, 'documentId' | 'id'>, images: readonly StoredImage[], flags?: SharingFlags) => {
      const data: Record<string, unknown> = { images: images.map(toRow) };
      if (flags) {
        data.isImageSource = flags.isImageSource;
        data.isSourceUnit = flags.isSourceUnit;
        data.useSharedImages = flags.useSharedImages;
        data.sharedImagesUnitId = flags.sharedImagesUnitId === null ? null : Number(flags.sharedImagesUnitId);
      }
      await strapi.documents(UNIT_UID).update({ documentId: unit.documentId, data: data as never });
      // Its open screens hear of it after the commit (the detail's images, the list row's time).
      await announceUnits(strapi, [unit.id]);
    },

    /**
     * Writes a source's list to each of its followers (they hold copies, spec §4): the same entries,
     * so a follower shows what its source shows after every upload, delete, clear or primary change.
     */
    async copyToFollowers(sourceId: number, images: readonly StoredImage[]) {
      for (const follower of await followersOf(sourceId)) await this.write(follower, images);
    },

    /** Applies planned sharing changes (from @repo/types image-sharing) to the units they name. */
    async applyChanges(units: readonly ImageUnit[], changes: readonly SharingChange<StoredImage>[]) {
      const byId = new Map(units.map((unit) => [String(unit.id), unit]));
      for (const change of changes) {
        const unit = byId.get(String(change.unitId));
        if (!unit) continue;
        const { images, ...flags } = change;
        await this.write(unit, images, flags);
      }
    },

    /**
     * The storage keys among `candidates` that no unit references any more, and that this server
     * created for unit images: only those may be deleted. Followers hold copies of their source's
     * entries, so a file survives as long as any copy does.
     */
    releasedKeys: async (candidates: readonly (string | null)[]): Promise<string[]> => {
      const keys = [...new Set(candidates.filter(isUnitImageKey))];
      if (keys.length === 0) return [];
      const still = (await strapi.db.query(IMAGE_UID as never).findMany({ where: { path: { $in: keys } }, select: ['path'] })) as { path: string }[];
      const referenced = new Set(still.map((row) => row.path));
      return keys.filter((key) => !referenced.has(key));
    },
  };
};

export type UnitImagesData = ReturnType<typeof unitImagesData>;
