import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Structure } from '@ridgeline/shared/contracts/inspections';
import { uploadPhotoQuerySchema } from '@ridgeline/shared/contracts/photos';
import type { InspectionArea, PhotoType, SlopeDirection } from '@ridgeline/shared/domain/field-capture';
import { cameraTime, type LatLng } from '@ridgeline/shared/domain/photo-provenance';
import { buildShotList, type Shot } from '@ridgeline/shared/domain/shot-list';
import type { Actor, Tenant } from '../lib/actor';
import type { Db } from '../infra/db/client';
import { inspectionActivity, inspectionPhotos } from '../infra/db/schema/index';
import type { EventPublisher } from '../infra/events/event-bus';
import type { Storage } from '../infra/storage/storage';
import type { Logger } from '../lib/logger';
import { createThumbnailWorker, type ThumbnailJob } from '../features/photos/photo-thumbnails';
import { createPhotosService } from '../features/photos/photos.service';
import { drawPhoto, type ExifTags, type Scene } from './demo-photo-art';
import { seededRandom } from '@ridgeline/shared/domain/seeded-random';

// The demo inspections' photos: for each inspection the shots its shot list asks for (the overview's
// front of house and address, each elevation chosen, each roof slope and its test square with its
// hail hits, the gutter and downspout of a structure with its gutters chosen, the ceiling stain when
// the interior is chosen) and a few the inspector adds (the street, the ridge, a penetration, an AC
// unit or vent, the attic, close-ups of the damage). Each photo is a drawing of its kind of shot
// (demo-photo-art.ts) carrying a phone camera's metadata: the capture time (DateTimeOriginal with
// its offset) on the inspection's day and GPS a few yards from the property, so its taken time and
// place are the camera's, after the date of loss and at the property: no provenance flag.
// Photos are stored by the photos service's upload (the storage path, the small thumbnail, the
// timeline row) and the thumbnail job's handler (the large thumbnail, the camera metadata), exactly
// as an upload from the phone is; then they are dated back to when they were taken and sent.

/** The properties are in Oklahoma: the cameras' clocks are on Central time. */
const CAMERA_ZONE = 'America/Chicago';
const MINUTE_MS = 60_000;

/** Photos uploaded at once: enough to keep two cores busy. */
const SENT_AT_ONCE = 4;

/** Nothing is announced from the command line: no screen is open on the demo company yet. */
const NO_EVENTS: EventPublisher = { publish: async () => false };

/** The phones the demo's inspectors carry, one per inspector: what each writes in its photos' metadata. */
const CAMERAS = [
  { make: 'Apple', model: 'iPhone 15 Pro', software: '17.6.1', fileName: (n: number, _local: string) => `IMG_${String(n).padStart(4, '0')}.JPG` },
  { make: 'Apple', model: 'iPhone 14', software: '17.5.1', fileName: (n: number, _local: string) => `IMG_${String(n).padStart(4, '0')}.JPG` },
  {
    make: 'samsung',
    model: 'SM-S921U',
    software: 'S921USQS2AXE1',
    fileName: (_n: number, local: string) => `${local.slice(0, 10).replace(/:/g, '')}_${local.slice(11).replace(/:/g, '')}.jpg`,
  },
  {
    make: 'Google',
    model: 'Pixel 8',
    software: 'HDR+ 1.0.641377693zd',
    fileName: (n: number, local: string) =>
      `PXL_${local.slice(0, 10).replace(/:/g, '')}_${local.slice(11).replace(/:/g, '')}${String(n % 1000).padStart(3, '0')}.jpg`,
  },
] as const;

/** The property an inspector walks, as the demo's claim file describes it. */
export type DemoProperty = {
  /** Which claim file of the demo: it picks the roof's shape, the hour of the visit and the hit counts. */
  index: number;
  street: string;
  city: string;
  /** The property's coordinates (the claim file's). */
  place: LatLng;
  description: string;
  lossType: string | null;
  /** The insurer denied the claim: its test squares counted few hits. */
  denied: boolean;
  /** A detached garage stands on the lot and is inspected too (its roof and front). */
  garage: boolean;
  /** Which inspector's phone took the photos (an index into the demo's phones). */
  camera: number;
  /** Any moment of the inspection's day: the visit is that day, in the morning or early afternoon. */
  day: Date;
};

type PlannedPhoto = {
  shot: Pick<Shot, 'category' | 'subcategory' | 'phase' | 'structureId' | 'label'>;
  photoType: PhotoType;
  scene: Scene;
  notes: string | null;
  testSquare?: { direction: SlopeDirection; hits: number };
  houseNumber?: string;
  takenAt: Date;
};

/** An inspection as the demo walks it: its structures (areas and slopes), the photos in walking order, and the visit's start and end. */
export type DemoInspectionPlan = {
  structures: Structure[];
  photos: PlannedPhoto[];
  startedAt: Date;
  completedAt: Date;
};

const ROOFS: SlopeDirection[][] = [
  ['N', 'E', 'S', 'W'],
  ['N', 'S'],
  ['E', 'W'],
];

const hasHail = (p: DemoProperty) => p.lossType?.includes('hail') === true || /hail/i.test(p.description);
const hasWind = (p: DemoProperty) => p.lossType?.includes('wind') === true || /wind/i.test(p.description);
const hasWater = (p: DemoProperty) => p.lossType === 'roof_leak' || /leak|rain/i.test(p.description);

/**
 * Hits in a slope's 10 ft x 10 ft test square: a hail claim's reach the replacement threshold (8 and
 * up), a denied claim's and a wind or leak claim's stay under it.
 */
function hitsOf(property: DemoProperty, structure: number, slope: number): number {
  const spread = (property.index * 7 + structure * 3 + slope * 5) % 7;
  if (property.denied) return 2 + (spread % 4);
  if (hasHail(property)) return 8 + spread + (slope === 0 ? 3 : 0);
  return spread % 3;
}

/** The structures the inspector sets up: the house (its roof, four sides and gutters, the interior after a leak), and a detached garage when there is one. */
export function demoStructures(property: DemoProperty): Structure[] {
  const areas: InspectionArea[] = ['roof', 'front', 'right', 'rear', 'left', 'gutters', ...(hasWater(property) ? (['interior'] as const) : [])];
  const roof = ROOFS[property.index % ROOFS.length] ?? ['N', 'S'];
  const structures: Structure[] = [
    {
      id: 'main-house',
      name: 'Main house',
      kind: 'main_house',
      areas,
      slopes: roof.map((direction, slope) => ({ direction, testSquareHits: hitsOf(property, 0, slope) })),
    },
  ];
  if (property.garage) {
    structures.push({
      id: 'detached-garage',
      name: 'Detached garage',
      kind: 'detached_garage',
      areas: ['roof', 'front'],
      slopes: (['E', 'W'] as const).map((direction, slope) => ({ direction, testSquareHits: hitsOf(property, 1, slope) })),
    });
  }
  return structures;
}

/** The close-ups of the damage the inspector takes, by what the loss was. */
function closeUps(property: DemoProperty): string[] {
  if (hasHail(property) && hasWind(property)) return ['hail', 'wind_crease', 'granule_loss'];
  if (hasHail(property)) return property.denied ? ['granule_loss', 'hail'] : ['hail', 'granule_loss'];
  if (hasWind(property)) return ['wind_crease', 'missing_shingle'];
  return ['missing_shingle', 'puncture'];
}

/** The optional shots of the shot list the inspector takes at this property. */
function wanted(property: DemoProperty, shot: Shot, structures: readonly Structure[]): boolean {
  const mainHouse = shot.structureId === (structures[0]?.id ?? null);
  switch (`${shot.category}:${shot.subcategory}`) {
    case 'overview:street':
      return property.index % 2 === 0;
    case 'roof:ridge':
      return mainHouse;
    case 'roof:penetrations':
      return mainHouse && /skylight|vent/i.test(property.description);
    case 'collateral:ac_unit':
      return /\bAC\b|soft metals/.test(property.description);
    case 'collateral:vent':
      return /vents|soft metals/i.test(property.description);
    case 'interior:attic':
      return structures.some((s) => s.areas.includes('interior'));
    default:
      return false;
  }
}

const DAMAGE_SCENES: Record<string, Scene> = {
  hail: 'hail-bruise',
  granule_loss: 'granule-loss',
  wind_crease: 'wind-crease',
  missing_shingle: 'missing-shingle',
  puncture: 'puncture',
};

const DAMAGE_NOTES: Record<string, string> = {
  hail: 'Hail bruise: soft to the touch, granules displaced, mat exposed. Quarter for scale.',
  granule_loss: 'Granule loss where the hail struck; granules collected in the gutters.',
  wind_crease: 'Tab creased across its width where the wind lifted it; the seal strip is broken.',
  missing_shingle: 'Tab torn off at the nail line; underlayment exposed.',
  puncture: 'Puncture through the shingle and the underlayment above the stain.',
};

/** The scene, kind of shot and notes of one photo of the shot list. */
function depiction(property: DemoProperty, shot: Shot): Pick<PlannedPhoto, 'scene' | 'photoType' | 'notes'> {
  const sub = shot.subcategory;
  const slopeScene: Scene = property.denied || !(hasHail(property) || hasWind(property)) ? 'slope-worn' : hasHail(property) ? 'slope-hail' : 'slope-wind';
  switch (shot.category) {
    case 'overview':
      return {
        scene: sub === 'address' ? 'address' : sub === 'street' ? 'street' : 'house-front',
        photoType: sub === 'address' ? 'close_up' : 'wide',
        notes: null,
      };
    case 'elevation':
      return { scene: sub === 'front' ? 'house-front' : sub === 'rear' ? 'house-rear' : 'house-side', photoType: 'wide', notes: null };
    case 'roof':
      if (sub.startsWith('test_square_'))
        return { scene: 'test-square', photoType: 'measurement', notes: `Hits circled in chalk inside the 10 ft x 10 ft test square: ${shot.hits ?? 0}.` };
      if (sub.startsWith('slope_')) return { scene: slopeScene, photoType: 'wide', notes: null };
      if (sub === 'ridge') return { scene: 'ridge', photoType: 'wide', notes: null };
      return {
        scene: /skylight/i.test(property.description) ? 'skylight' : 'vent',
        photoType: 'close_up',
        notes: /skylight/i.test(property.description) ? 'Skylight lens cracked by impact.' : 'Dents in the box vent.',
      };
    case 'collateral':
      if (sub === 'gutter') return { scene: 'gutter', photoType: 'close_up', notes: hasHail(property) ? 'Hail dents along the gutter.' : null };
      if (sub === 'downspout') return { scene: 'downspout', photoType: 'close_up', notes: hasHail(property) ? 'Dents in the downspout.' : null };
      if (sub === 'ac_unit') return { scene: 'ac-unit', photoType: 'close_up', notes: 'Condenser fins dented.' };
      return { scene: 'vent', photoType: 'close_up', notes: 'Dents in the box vent.' };
    case 'interior':
      return sub === 'ceiling_stain'
        ? { scene: 'ceiling-stain', photoType: 'wide', notes: 'Water stain on the ceiling below the damaged area.' }
        : { scene: 'attic', photoType: 'wide', notes: 'Water marks on the decking.' };
    default:
      return { scene: DAMAGE_SCENES[sub] ?? 'hail-bruise', photoType: 'close_up', notes: DAMAGE_NOTES[sub] ?? null };
  }
}

/** The wall clock of a moment in the cameras' zone, as EXIF writes it ("2026:03:04 10:15:00"), with its offset ("-06:00"). */
function cameraClock(at: Date): { local: string; offset: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: CAMERA_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  const offset = /([+-]\d{2}:\d{2})/.exec(get('timeZoneName'))?.[1] ?? '+00:00';
  return { local: `${get('year')}:${get('month')}:${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`, offset };
}

/**
 * The inspection's walk: its structures and every photo, in the order of the capture phases, each
 * a half minute to a minute after the one before and a few minutes between phases (the ladder, the
 * next side), from a start between 9 AM and 1:30 PM on the inspection's day.
 */
export function planDemoInspection(property: DemoProperty): DemoInspectionPlan {
  const structures = demoStructures(property);
  const next = seededRandom(property.index + 1);
  const day = cameraClock(property.day).local.slice(0, 10);
  const startMinute = 9 * 60 + ((property.index * 47) % 270);
  const start =
    cameraTime(`${day} ${String(Math.floor(startMinute / 60)).padStart(2, '0')}:${String(startMinute % 60).padStart(2, '0')}:00`, null, CAMERA_ZONE) ??
    property.day;
  let clock = start.getTime() + 4 * MINUTE_MS;
  const houseNumber = property.street.split(' ')[0] ?? '';
  const photos: PlannedPhoto[] = [];
  for (const phase of buildShotList(structures, [])) {
    if (!phase.chosen) continue;
    clock += (2 + next() * 4) * MINUTE_MS;
    const shots =
      phase.phase === 'detail'
        ? closeUps(property).flatMap((sub) => phase.shots.filter((shot) => shot.subcategory === sub))
        : phase.shots.filter((shot) => shot.required || wanted(property, shot, structures));
    for (const shot of shots) {
      clock += Math.round((25 + next() * 50) * 1000);
      const testSquare =
        shot.hits !== undefined ? { direction: shot.subcategory.replace('test_square_', '').toUpperCase() as SlopeDirection, hits: shot.hits ?? 0 } : undefined;
      photos.push({
        shot: { category: shot.category, subcategory: shot.subcategory, phase: shot.phase, structureId: shot.structureId, label: shot.label },
        ...depiction(property, shot),
        ...(testSquare ? { testSquare } : {}),
        ...(shot.subcategory === 'address' ? { houseNumber } : {}),
        takenAt: new Date(clock),
      });
    }
  }
  return { structures, photos, startedAt: start, completedAt: new Date(clock + 6 * MINUTE_MS) };
}

/** A coordinate as EXIF writes it: degrees, minutes and seconds as rationals ("35/1 39/1 1012/100"). */
function exifDegrees(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const hundredths = Math.round(((abs - degrees) * 60 - minutes) * 6000);
  return `${degrees}/1 ${minutes}/1 ${hundredths}/100`;
}

/** What the phone writes into a photo: its make, model and software, the capture time with its offset, and where it stood. */
function cameraMetadata(camera: (typeof CAMERAS)[number], clock: { local: string; offset: string }, at: LatLng): ExifTags {
  return {
    IFD0: { Make: camera.make, Model: camera.model, Software: camera.software, DateTime: clock.local },
    IFD2: { DateTimeOriginal: clock.local, DateTimeDigitized: clock.local, OffsetTimeOriginal: clock.offset },
    IFD3: {
      GPSLatitudeRef: at.lat >= 0 ? 'N' : 'S',
      GPSLatitude: exifDegrees(at.lat),
      GPSLongitudeRef: at.lng >= 0 ? 'E' : 'W',
      GPSLongitude: exifDegrees(at.lng),
    },
  };
}

export type DemoPhotographerDeps = { db: Db; storage: Storage; logger: Pick<Logger, 'warn'> };

/**
 * Takes and uploads the demo inspections' photos through the photos service, running each photo's
 * thumbnail job right after its upload (the command line has no job queue): when an inspection's
 * photos are stored, every one has both thumbnails and its camera metadata read.
 */
export function createDemoPhotographer({ db, storage, logger }: DemoPhotographerDeps) {
  const queued = new Map<string, ThumbnailJob>();
  const photos = createPhotosService({
    db,
    storage,
    logger,
    queueThumbnails: async (job) => {
      queued.set(job.photoId, job);
    },
  });
  const makeThumbnails = createThumbnailWorker({ db, storage, events: NO_EVENTS });
  let shutter = 1000;

  /** Uploads the plan's photos to the session as the inspector, then dates each to when it was taken and sent. Answers how many. */
  async function photograph(inspector: Actor, tenant: Tenant, sessionId: string, property: DemoProperty, plan: DemoInspectionPlan): Promise<number> {
    const camera = CAMERAS[property.camera % CAMERAS.length] ?? CAMERAS[0];
    const next = seededRandom(property.index + 101);
    const taken = plan.photos.map((photo) => {
      const clock = cameraClock(photo.takenAt);
      // Within about 15 yards of the property's point: the yard, the driveway, the roof.
      const at = { lat: property.place.lat + (next() - 0.5) * 0.00026, lng: property.place.lng + (next() - 0.5) * 0.00032 };
      shutter += 1 + Math.floor(next() * 3);
      // It reaches the server 10 to 50 seconds after it was taken.
      const receivedAt = new Date(photo.takenAt.getTime() + Math.round(10 + next() * 40) * 1000);
      return { photo, clock, at, fileName: camera.fileName(shutter, clock.local), receivedAt };
    });
    /** Draws, uploads and makes the thumbnails of one photo; answers when the phone sent it. */
    async function take({ photo, clock, at, fileName, receivedAt }: (typeof taken)[number], index: number): Promise<{ id: string; receivedAt: Date }> {
      const body = await drawPhoto(
        photo.scene,
        {
          label: photo.shot.label,
          detail: `${property.street}, ${property.city}`,
          ...(photo.testSquare ? { testSquare: { ...photo.testSquare, seed: property.index * 31 + index } } : {}),
          ...(photo.houseNumber ? { houseNumber: photo.houseNumber } : {}),
        },
        cameraMetadata(camera, clock, at),
      );
      const id = randomUUID();
      const sha256 = createHash('sha256').update(body).digest('hex');
      const query = uploadPhotoQuerySchema.parse({
        fileName,
        sha256,
        category: photo.shot.category,
        subcategory: photo.shot.subcategory,
        phase: photo.shot.phase,
        photoType: photo.photoType,
        ...(photo.notes ? { notes: photo.notes } : {}),
        ...(photo.shot.structureId ? { structureId: photo.shot.structureId } : {}),
        lat: at.lat,
        lng: at.lng,
        capturedAt: photo.takenAt.toISOString(),
        origin: 'camera',
      });
      const result = await photos.upload(inspector, tenant, sessionId, id, query, { body, sha256 });
      const job = queued.get(id);
      queued.delete(id);
      if (!result.created || !job) throw new Error(`The demo photo ${photo.shot.label} of ${property.street} was not stored as a new upload`);
      await makeThumbnails(job);
      return { id, receivedAt };
    }

    // A few photos at a time, as the phone's upload queue sends them: drawing, storing and the
    // thumbnails of one overlap another's (sharp works in its own threads).
    const sent: { id: string; receivedAt: Date }[] = [];
    let cursor = 0;
    const sender = async () => {
      for (let index = cursor++; index < taken.length; index = cursor++) {
        const entry = taken[index];
        if (entry) sent.push(await take(entry, index));
      }
    };
    await Promise.all(Array.from({ length: SENT_AT_ONCE }, sender));
    await dateBackPhotos(db, tenant.companyId, sessionId, sent);
    return sent.length;
  }

  return { photograph };
}

/**
 * Dates each photo to when the phone sent it (moments after it was taken), its thumbnails to
 * seconds after, and its upload in the session's timeline to the same moment.
 */
async function dateBackPhotos(db: Db, companyId: string, sessionId: string, sent: readonly { id: string; receivedAt: Date }[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { id, receivedAt } of sent) {
      await tx
        .update(inspectionPhotos)
        .set({ receivedAt, createdAt: receivedAt, updatedAt: receivedAt, thumbnailsAt: new Date(receivedAt.getTime() + 3000) })
        .where(and(eq(inspectionPhotos.companyId, companyId), eq(inspectionPhotos.id, id)));
      await tx
        .update(inspectionActivity)
        .set({ createdAt: receivedAt })
        .where(
          and(
            eq(inspectionActivity.companyId, companyId),
            eq(inspectionActivity.sessionId, sessionId),
            eq(inspectionActivity.kind, 'photo_uploaded'),
            sql`${inspectionActivity.newValue}->>'photoId' = ${id}`,
          ),
        );
    }
  });
}
