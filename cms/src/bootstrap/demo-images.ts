import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { applySharingChanges, createSeededRandom, cropAspectFor, defaultCrop, isFollower, LIMITS, planToggleSharing, type ImageMetadata } from '@repo/types';
import { portalService } from '../server/services';
import { unitImagesData, type ImageUnit, type SharingFlags, type StoredImage } from '../api/unit-image/lib/unit-images';
import { checkImageFile, nextTimestamp, storeImage, unitImageFolder } from '../api/unit-image/lib/images';
import { buildingSvg, PICTURE_HEIGHT, PICTURE_WIDTH, renderJpeg, ROOMS, roomSvg, type Room } from './demo-pictures';

/**
 * The demo's images (issue #26: a first run shows the carousel, the image manager and image
 * sharing): a cover for every project with crop metadata, 2 to 6 pictures on most units with a
 * featured one, one unit type per project whose units share a source unit's images, and a few units
 * whose images are gone, so the 'Image Not Found' placeholder shows. The pictures are drawn in code
 * (demo-pictures.ts) and go through the checks and storage the API uses, so they are stripped, get
 * their variants and land in local files or S3 exactly as an admin's uploads do. Each picture is
 * stored once per project and shown by several units (a first start stays quick).
 *
 * Idempotent: a project with a cover and a unit with images are left alone. Off under NODE_ENV=test
 * (API tests boot the demo dozens of times) unless SEED_DEMO_IMAGES=true; SEED_DEMO_IMAGES=false
 * turns it off anywhere.
 */

const PROJECT_UID = 'api::project.project';
const UNIT_UID = 'api::unit.unit';
const IMAGE_UID = 'unit.image';
/** Two uploads at a time: sharp's work runs on the thread pool, so both cores are used. */
const CONCURRENCY = 2;

export interface DemoImagesReport {
  covers: number;
  /** Pictures stored (each room once per project). */
  uploads: number;
  /** Units given their own images. */
  units: number;
  followers: number;
  broken: number;
}

export const demoImagesEnabled = (env: NodeJS.ProcessEnv = process.env) =>
  env.SEED_DEMO_IMAGES === 'true' || (env.SEED_DEMO_IMAGES !== 'false' && env.NODE_ENV !== 'test');

interface ProjectRow {
  id: number;
  name: string;
  location: string | null;
  projectType: string | null;
  imageUrl: string | null;
}

/** Runs `work` over `items`, `limit` at a time. */
const inPool = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
};

const coverMetadata = (projectType: string | null): ImageMetadata => {
  const aspect = cropAspectFor(projectType);
  return {
    objectPosition: projectType === 'tower' ? 'center top' : 'center',
    cropMode: 'aspect',
    cropData: defaultCrop(PICTURE_WIDTH, PICTURE_HEIGHT, aspect),
  };
};

/**
 * Gives a unit without images its list, as the Document Service does it (each entry a component
 * row, then linked in order) but through the query engine: a few milliseconds a unit instead of a
 * document update each, which made a first start over a minute longer.
 */
const attachImages = async (strapi: Core.Strapi, unitId: number, images: readonly StoredImage[], flags?: SharingFlags) => {
  const links = [];
  for (const image of images) {
    const row = (await strapi.db.query(IMAGE_UID as never).create({
      data: { imageId: image.id, url: image.url, path: image.path, name: image.name, featured: image.featured, isSourceUnit: image.isSourceUnit },
    })) as { id: number };
    links.push({ id: row.id, __pivot: { field: 'images', component_type: IMAGE_UID } });
  }
  const sharing = flags ? { ...flags, sharedImagesUnitId: flags.sharedImagesUnitId === null ? null : Number(flags.sharedImagesUnitId) } : {};
  await strapi.db.query(UNIT_UID).update({ where: { id: unitId }, data: { images: links, ...sharing } });
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const seedDemoImages = async (strapi: Core.Strapi): Promise<DemoImagesReport> => {
  const report: DemoImagesReport = { covers: 0, uploads: 0, units: 0, followers: 0, broken: 0 };
  if (!demoImagesEnabled()) return report;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-demo-images-'));
  const data = unitImagesData(strapi);
  const started = Date.now();

  /** Writes a picture once and hands it to the services as the body parser would (a temp file). */
  const pictureFile = async (name: string, svg: string) => {
    const filepath = path.join(dir, `${name}.jpg`);
    const bytes = await renderJpeg(svg);
    await fs.writeFile(filepath, bytes);
    return { filepath, originalFilename: `${name}.jpg`, size: bytes.length };
  };

  try {
    const projects = (await strapi.db
      .query(PROJECT_UID)
      .findMany({ select: ['id', 'name', 'location', 'projectType', 'imageUrl'], orderBy: { id: 'asc' } })) as ProjectRow[];
    for (const [index, project] of projects.entries()) {
      const random = createSeededRandom(4242 + project.id * 131);
      const kind = project.projectType === 'villa' || project.projectType === 'mixed' ? project.projectType : 'tower';

      if (!project.imageUrl) {
        const file = await pictureFile(`${slug(project.name)}-cover`, buildingSvg(kind, index, project.name, project.location ?? ''));
        const { url } = await portalService(strapi, 'api::project.property-image').store(file);
        await strapi.db.query(PROJECT_UID).update({ where: { id: project.id }, data: { imageUrl: url, imageMetadata: coverMetadata(project.projectType) } });
        report.covers += 1;
      }

      const units = await data.load({ projectId: project.id });
      if (units.length === 0) continue;
      const rooms = new Map<Room, Awaited<ReturnType<typeof pictureFile>>>();
      for (const [roomIndex, room] of ROOMS.entries()) {
        rooms.set(room, await pictureFile(`${slug(room)}-${project.id}`, roomSvg(room, index + roomIndex, project.name)));
      }

      // The shared type: the project's least common type of at least three units (each follower is
      // one sharing change), its first unit the source, the rest its followers.
      const byType = new Map<string, ImageUnit[]>();
      for (const unit of units) if (unit.unitType) byType.set(unit.unitType, [...(byType.get(unit.unitType) ?? []), unit]);
      const types = [...byType.values()].sort((a, b) => a.length - b.length);
      const shared = types.find((group) => group.length >= 3) ?? types.at(-1) ?? [];
      const sharedIds = new Set(shared.map((unit) => unit.id));
      const others = units.filter((unit) => !sharedIds.has(unit.id));
      // Two units with missing pictures: one with nothing else, one next to a real image.
      const brokenIds = new Set(others.slice(3, 5).map((unit) => unit.id));

      const plans: { unit: ImageUnit; rooms: Room[]; featured: number }[] = [];
      for (const unit of units) {
        const inShared = sharedIds.has(unit.id);
        const roll = random();
        const count = 2 + Math.floor(random() * 5);
        const featured = random() < 0.3 ? 1 : 0;
        if (unit.images.length > 0 || isFollower(unit) || (inShared && unit !== shared[0])) continue;
        // Most units: about four in five of those outside the shared type, and the source.
        if (!inShared && !brokenIds.has(unit.id) && roll >= 0.8) continue;
        if (brokenIds.has(unit.id) && unit === others[3]) continue;
        const start = Math.floor(random() * ROOMS.length);
        // The unit whose missing picture sits next to real ones keeps a place for it: 6 images at most.
        const length = brokenIds.has(unit.id) ? Math.min(count, 5) : count;
        plans.push({
          unit,
          rooms: Array.from({ length }, (_, offset) => ROOMS[(start + offset) % ROOMS.length]),
          featured: Math.min(featured, length - 1),
        });
      }

      // Each room's picture is uploaded once per project (checked, stripped, given its variants and
      // stored under the first unit that shows it); the units showing the same room hold copies of
      // its entry, as followers do, so a file stays until the last unit holding it lets it go.
      const stored = new Map<Room, Promise<{ url: string; key: string; fileName: string }>>();
      const storedRoom = (room: Room, unitId: number) => {
        let entry = stored.get(room);
        if (!entry) {
          const file = rooms.get(room);
          if (!file) throw new Error(`No picture for ${room}`);
          entry = checkImageFile(strapi, file, { maxBytes: LIMITS.unitFormImageMaxBytes, tooLarge: (message) => new Error(message) }).then(async (image) => ({
            ...(await storeImage(strapi, unitImageFolder(unitId), image)),
            fileName: image.fileName,
          }));
          stored.set(room, entry);
          report.uploads += 1;
        }
        return entry;
      };

      // The pictures first (sharp and storage, two at a time), then every unit's list in one transaction.
      const lists = new Map<number, StoredImage[]>();
      await inPool(plans, CONCURRENCY, async ({ unit, rooms: chosen, featured }) => {
        const entries: StoredImage[] = [];
        for (const [position, room] of chosen.entries()) {
          const { url, key, fileName } = await storedRoom(room, unit.id);
          entries.push({ id: `img_${nextTimestamp()}`, url, path: key, name: fileName, featured: position === featured, isSourceUnit: false });
        }
        lists.set(unit.id, entries);
      });
      report.units += plans.length;

      // The shared type's followers, planned by the rules the image-sharing screen uses (one toggle
      // each, applied in memory), so every unit's final list and flags are written once.
      let state: ImageUnit[] = units.map((unit) => (lists.has(unit.id) ? { ...unit, images: lists.get(unit.id) ?? [] } : unit));
      const flags = new Map<number, SharingFlags>();
      for (const follower of shared.slice(1)) {
        const current = state.find((unit) => unit.id === follower.id);
        if (!current || current.images.length > 0 || isFollower(current)) continue;
        const plan = planToggleSharing(state, follower.id, true);
        if (!plan.ok) continue;
        state = applySharingChanges(state, plan.changes);
        for (const change of plan.changes) {
          const { images, unitId, ...changed } = change;
          lists.set(Number(unitId), images);
          flags.set(Number(unitId), changed);
        }
        report.followers += 1;
      }
      const before = new Map(units.map((unit) => [unit.id, unit]));
      await strapi.db.transaction(async () => {
        for (const [unitId, images] of lists) {
          const unit = before.get(unitId);
          // A unit that already holds images (a second seed run) is rewritten the usual way.
          if (unit && unit.images.length > 0) await data.write(unit, images, { ...unit, ...flags.get(unitId) });
          else await attachImages(strapi, unitId, images, flags.get(unitId));
        }
      });

      for (const id of brokenIds) {
        const unit = await data.loadOne(id);
        if (!unit || unit.images.some((image) => image.path === null)) continue;
        const missing: StoredImage = {
          id: `img_${Date.now()}${id}`.slice(0, 40),
          url: `/uploads/units/${id}/missing-photo.jpg`,
          path: null,
          name: 'missing-photo.jpg',
          featured: unit.images.length === 0,
          isSourceUnit: false,
        };
        await data.write(unit, [...unit.images, missing]);
        report.broken += 1;
      }
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  if (report.covers + report.units + report.followers + report.broken > 0) {
    strapi.log.info(
      `Demo images seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${report.covers} covers, ${report.uploads} pictures on ${report.units} units, ${report.followers} units sharing images, ${report.broken} missing images`,
    );
  }
  return report;
};
