import { z } from 'zod';
import { CAPTURE_PHASE_VALUES, PHOTO_CATEGORY_VALUES, PHOTO_TYPE_VALUES, SUBCATEGORY_PATTERN } from '../domain/field-capture';
import { PHOTO_ORIGINS, PROVENANCE_FLAG_KINDS } from '../domain/photo-provenance';
import { dateTime, idSchema, longText, singleLineString, updateBody } from './common';
import { personRef } from './project-views';

// Field photos (the spec's inspection_photos) and their annotations.
//
// Upload: PUT /api/inspections/:sessionId/photos/:photoId?<metadata>, the body is the file's bytes.
// The photo id is the client's queued-photo id and `sha256` the hash the client computed: the server
// checks the bytes against it, and a retry of the same id (or the same bytes in the same session)
// answers 200 with the photo already stored, never a second row or file. 201 for a new photo.

const queryNumber = (min: number, max: number) => z.coerce.number().min(min).max(max);

export const photoCategorySchema = z.enum(PHOTO_CATEGORY_VALUES);
export const capturePhaseSchema = z.enum(CAPTURE_PHASE_VALUES);
export const photoTypeSchema = z.enum(PHOTO_TYPE_VALUES);
export const subcategorySchema = z.string().regex(SUBCATEGORY_PATTERN, 'Use lowercase letters, digits and underscores');
const structureIdSchema = singleLineString()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The upload's metadata, in the query string (the body is the file). */
export const uploadPhotoQuerySchema = z
  .object({
    fileName: singleLineString().trim().min(1).max(200),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 lowercase hex digits'),
    category: photoCategorySchema,
    subcategory: subcategorySchema.optional(),
    phase: capturePhaseSchema.optional(),
    photoType: photoTypeSchema.optional(),
    notes: longText(1000).optional(),
    structureId: structureIdSchema.optional(),
    lat: queryNumber(-90, 90).optional(),
    lng: queryNumber(-180, 180).optional(),
    /**
     * When the photo was taken (the device's clock at capture). The file's camera metadata, read by
     * the server, takes its place when present.
     */
    capturedAt: dateTime().optional(),
    /**
     * 'camera' (default): taken with the app's camera now, so the device's clock and position are
     * its taken time and place unless the file's camera metadata says otherwise. 'library': chosen
     * from the library; the device's clock is never its taken time (`capturedAt` is ignored) and
     * lat/lng are kept as the device's location at upload, not where it was taken.
     */
    origin: z.enum(PHOTO_ORIGINS).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), { message: 'Give both lat and lng, or neither', path: ['lat'] });
export type UploadPhotoQuery = z.input<typeof uploadPhotoQuerySchema>;

export const uploadPhotoParamSchema = z.object({ sessionId: z.uuid(), photoId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Annotation: vector shapes over the photo, in fractions of its width and height (0..1), so they
// fit any size the photo is shown at. Stored beside the photo; the original file never changes.

const unit = z.number().min(0).max(1);
const shapeId = singleLineString().min(1).max(40);
export const ANNOTATION_COLORS = ['#ef4444', '#f59e0b', '#facc15', '#22c55e', '#3b82f6', '#ffffff', '#000000'] as const;
const color = z.enum(ANNOTATION_COLORS);
/** Stroke width in fractions of the photo's width. */
const strokeWidth = z.number().min(0.001).max(0.05);

export const annotationShapeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('arrow'), id: shapeId, x1: unit, y1: unit, x2: unit, y2: unit, color, width: strokeWidth }),
  z.object({ type: z.literal('circle'), id: shapeId, cx: unit, cy: unit, rx: unit, ry: unit, color, width: strokeWidth }),
  z.object({
    type: z.literal('freehand'),
    id: shapeId,
    points: z
      .array(z.tuple([unit, unit]))
      .min(2)
      .max(2000),
    color,
    width: strokeWidth,
  }),
  z.object({
    type: z.literal('text'),
    id: shapeId,
    x: unit,
    y: unit,
    text: singleLineString().trim().min(1).max(200),
    color,
    size: z.number().min(0.01).max(0.2),
  }),
]);
export type AnnotationShape = z.infer<typeof annotationShapeSchema>;
export const annotationSchema = z.object({ version: z.literal(1), shapes: z.array(annotationShapeSchema).max(200) });
export type Annotation = z.infer<typeof annotationSchema>;

/** PUT /api/photos/:id/annotation: replaces the drawing; `null` removes it. */
export const saveAnnotationSchema = z.object({ annotation: annotationSchema.nullable() });
export type SaveAnnotationInput = z.infer<typeof saveAnnotationSchema>;

// ---------------------------------------------------------------------------------------------
// Reading, retagging, moving, deleting.

export const provenanceFlagSchema = z.object({ kind: z.enum(PROVENANCE_FLAG_KINDS), reason: z.string() });

export const photoSchema = z.object({
  id: idSchema,
  sessionId: idSchema.nullable(),
  projectId: idSchema.nullable(),
  structureId: z.string().nullable(),
  fileName: z.string(),
  fileSize: z.number().int(),
  mimeType: z.string(),
  sha256: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  category: photoCategorySchema,
  subcategory: z.string().nullable(),
  phase: capturePhaseSchema.nullable(),
  photoType: photoTypeSchema.nullable(),
  notes: z.string().nullable(),
  /** "lat,lng" as stored; `gps` is the same as numbers. */
  gpsCoordinates: z.string().nullable(),
  gps: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  gpsSource: z.enum(['device', 'exif']).nullable(),
  /** When it was taken (see `capturedAtSource`); null when neither the camera metadata nor the app's camera gave a time. */
  capturedAt: z.string().nullable(),
  capturedAtSource: z.enum(['device', 'exif']).nullable(),
  /** 'camera' or 'library' ("From library"); null for photos stored before it was recorded. */
  origin: z.enum(PHOTO_ORIGINS).nullable(),
  /** Where the device was when a library photo was uploaded: labelled as such, never its taken place. */
  deviceGps: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** Whether the server has read the file's camera metadata yet (the thumbnail job reads it). */
  metadataRead: z.boolean(),
  /** Provenance flags (taken before the date of loss, far from the property or the session's other photos, edited), each with its reason in words. */
  flags: z.array(provenanceFlagSchema),
  receivedAt: z.string(),
  uploadedBy: personRef,
  /** The storage path in the project-files bucket. */
  filePath: z.string(),
  /** Signed, expiring URLs (300 s). The thumbnails are null until the background job has made them. */
  url: z.string(),
  thumbSmallUrl: z.string().nullable(),
  thumbLargeUrl: z.string().nullable(),
  annotation: annotationSchema.nullable(),
  deletedAt: z.string().nullable(),
  /** When a deleted photo is purged for good. */
  purgeAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

/** The answer to an upload: `duplicate` when this id or these bytes were already stored. */
export const uploadPhotoResultSchema = z.object({ photo: photoSchema, duplicate: z.boolean() });
export type UploadPhotoResult = z.infer<typeof uploadPhotoResultSchema>;

/** GET /api/inspections/:id/photos and GET /api/projects/:id/photos: filters; `deleted=1` lists the restorable ones. */
export const photoListQuerySchema = z.object({
  category: photoCategorySchema.optional(),
  subcategory: subcategorySchema.optional(),
  phase: capturePhaseSchema.optional(),
  structureId: structureIdSchema.optional(),
  deleted: z.enum(['1', '0']).optional(),
});
export type PhotoListQuery = z.input<typeof photoListQuerySchema>;
export const photoListSchema = z.object({ photos: z.array(photoSchema) });
export type PhotoList = z.infer<typeof photoListSchema>;

/** PATCH /api/photos/:id: retag. */
export const updatePhotoSchema = updateBody({
  category: photoCategorySchema.optional(),
  subcategory: subcategorySchema.nullable().optional(),
  phase: capturePhaseSchema.nullable().optional(),
  photoType: photoTypeSchema.nullable().optional(),
  notes: longText(1000).nullable().optional(),
  structureId: structureIdSchema.nullable().optional(),
});
export type UpdatePhotoInput = z.input<typeof updatePhotoSchema>;

/** POST /api/photos/:id/move: to another session of the company, or onto a project (leaving its session). */
export const movePhotoSchema = z.union([z.object({ sessionId: z.uuid() }).strict(), z.object({ projectId: z.uuid() }).strict()]);
export type MovePhotoInput = z.infer<typeof movePhotoSchema>;

// DELETE /api/photos/:id soft-deletes (204); POST /api/photos/:id/restore brings it back within 30 days.

/** POST /api/functions/generate-photo-thumbnails: queues the thumbnails again (the spec's function). */
export const generateThumbnailsSchema = z.object({
  photos: z
    .array(z.object({ id: z.uuid(), file_path: singleLineString().min(1).max(512), file_name: singleLineString().min(1).max(200) }))
    .min(1)
    .max(500),
});
export type GenerateThumbnailsInput = z.infer<typeof generateThumbnailsSchema>;
export const generateThumbnailsResultSchema = z.object({ queued: z.number().int() });
