import { describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '@ridgeline/shared/domain/http';
import { uploadPhotoQuerySchema } from '@ridgeline/shared/contracts/photos';
import { shinglePhotoQuerySchema } from '@ridgeline/shared/contracts/shingles';
import { ApiError } from '../../lib/api-client';
import { answer, apiError, json, networkFailure, sent } from '../../test/fake-server';
import { metadata, SESSION_A } from './test-helpers';
import type { QueuedPhotoRecord } from './types';
import { shinglePhotoPath } from '../shingle-outbox/photo-path';
import { checkHeldPhoto, createXhrUploader, uploadQuery } from './uploader';

/** The uploader as the queue builds it, the shingle outbox naming its photos' endpoint. */
const xhrUploader = createXhrUploader({ shinglePhotoPath });

const PHOTO_ID = '33333333-3333-4333-8333-333333333333';
const ROUTE = `PUT /api/inspections/${SESSION_A}/photos/${PHOTO_ID}` as const;

function record(overrides: Partial<QueuedPhotoRecord> = {}): QueuedPhotoRecord {
  return {
    id: PHOTO_ID,
    userId: 'u',
    sessionId: SESSION_A,
    mimeType: 'image/jpeg',
    fileName: 'front.jpg',
    sha256: 'a'.repeat(64),
    priority: 1,
    status: 'uploading',
    progress: 0,
    retryCount: 0,
    lastAttempt: null,
    retryAt: 0,
    uploadedPath: null,
    completedAt: null,
    error: null,
    metadata: metadata({ subcategory: 'ridge', notes: 'Hail hits', gpsCoords: { lat: 32.7767, lng: -96.797 }, timestamp: Date.parse('2026-05-01T10:00:00Z') }),
    createdAt: 0,
    ...overrides,
  };
}

const body = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2])], { type: 'image/jpeg' });
const noop = () => undefined;

describe('the XHR uploader', () => {
  it("sends a shingle identification's photo to its identification, with the query the server validates", async () => {
    const route = `PUT /api/shingles/identifications/${SESSION_A}/photos/${PHOTO_ID}` as const;
    answer(route, json({ photo: { id: PHOTO_ID, filePath: `shingle-ids/c/${SESSION_A}/${PHOTO_ID}.jpg` } }, { status: 201 }));
    const result = await xhrUploader(record({ shingle: { kind: 'release_tape' } }), body(), { onProgress: noop, signal: new AbortController().signal });
    expect(result).toEqual({ uploadedPath: `shingle-ids/c/${SESSION_A}/${PHOTO_ID}.jpg`, storedId: PHOTO_ID });
    const [request] = sent(route);
    const query = Object.fromEntries(request?.url.searchParams ?? []);
    expect(query).toEqual({ kind: 'release_tape', sha256: 'a'.repeat(64), fileName: 'front.jpg' });
    expect(shinglePhotoQuerySchema.safeParse(query).success).toBe(true);
    expect(sent(ROUTE)).toHaveLength(0);
  });

  it('PUTs the file with the metadata query the server validates and answers the stored path', async () => {
    answer(ROUTE, json({ photo: { filePath: `${SESSION_A}/roof/ridge/${PHOTO_ID}_1.jpg` }, duplicate: false }, { status: 201 }));
    const result = await xhrUploader(record(), body(), { onProgress: noop, signal: new AbortController().signal });
    expect(result).toEqual({ uploadedPath: `${SESSION_A}/roof/ridge/${PHOTO_ID}_1.jpg` });
    const [request] = sent(ROUTE);
    expect(request?.headers.get('Content-Type')).toBe('image/jpeg');
    expect(request?.headers.get(REQUEST_ID_HEADER)).toMatch(/.+/);
    expect(request?.headers.get('Accept')).toBe('application/json');
    const query = Object.fromEntries(request?.url.searchParams ?? []);
    expect(query).toEqual({
      fileName: 'front.jpg',
      sha256: 'a'.repeat(64),
      category: 'roof',
      subcategory: 'ridge',
      phase: 'overview',
      notes: 'Hail hits',
      lat: '32.7767',
      lng: '-96.797',
      capturedAt: '2026-05-01T10:00:00.000Z',
    });
    expect(uploadPhotoQuerySchema.safeParse(query).success).toBe(true);
  });

  it('answers the id the server keeps the photo under (the photo it already held, for the same file sent twice)', async () => {
    const stored = '44444444-4444-4444-8444-444444444444';
    answer(ROUTE, json({ photo: { id: stored, filePath: `${SESSION_A}/roof/ridge/${stored}_1.jpg` }, duplicate: true }));
    const result = await xhrUploader(record(), body(), { onProgress: noop, signal: new AbortController().signal });
    expect(result).toEqual({ uploadedPath: `${SESSION_A}/roof/ridge/${stored}_1.jpg`, storedId: stored });
  });

  it('fails with the words of a photo the server refuses for its shot', async () => {
    answer(ROUTE, apiError('PHOTO_ALREADY_USED', { message: 'This photo is already used for Front of house.' }));
    const failure = await xhrUploader(record(), body(), { onProgress: noop, signal: new AbortController().signal }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: 'PHOTO_ALREADY_USED', message: 'This photo is already used for Front of house.' });
  });

  it('leaves out what the photo does not have', () => {
    const query = Object.fromEntries(uploadQuery(record({ metadata: metadata() })));
    expect(Object.keys(query).sort()).toEqual(['capturedAt', 'category', 'fileName', 'phase', 'sha256']);
    expect(uploadPhotoQuerySchema.safeParse(query).success).toBe(true);
  });

  it('turns the one error shape into ApiError with the server’s code and words', async () => {
    answer(ROUTE, apiError('HEIC_NOT_SUPPORTED', { message: 'Set the camera to Most Compatible' }));
    const error = await xhrUploader(record(), body(), { onProgress: noop, signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, code: 'HEIC_NOT_SUPPORTED', message: 'Set the camera to Most Compatible' });
  });

  it('a request that never reaches the server is a network error (status 0)', async () => {
    answer(ROUTE, networkFailure());
    const error = await xhrUploader(record(), body(), { onProgress: noop, signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('an aborted signal rejects with AbortError and sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await xhrUploader(record(), body(), { onProgress: noop, signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(sent(ROUTE)).toHaveLength(0);
  });
});

describe('the check whether the server holds a photo', () => {
  const CHECK = `GET /api/photos/${PHOTO_ID}` as const;
  const signal = () => new AbortController().signal;
  const held = (sha256: string) => json({ id: PHOTO_ID, sha256, filePath: `${SESSION_A}/roof/ridge/${PHOTO_ID}_1.jpg`, fileName: 'front.jpg' });

  it('answers the photo the server holds under this id with these bytes: its path and id', async () => {
    answer(CHECK, held('a'.repeat(64)));
    expect(await checkHeldPhoto(record(), signal())).toEqual({ uploadedPath: `${SESSION_A}/roof/ridge/${PHOTO_ID}_1.jpg`, storedId: PHOTO_ID });
    expect(sent(CHECK)).toHaveLength(1);
  });

  it('answers null when the server holds none (404), or holds other bytes under this id', async () => {
    answer(CHECK, apiError('NOT_FOUND', { message: 'Photo not found' }));
    expect(await checkHeldPhoto(record(), signal())).toBeNull();
    answer(CHECK, held('b'.repeat(64)));
    expect(await checkHeldPhoto(record(), signal())).toBeNull();
  });

  it('fails with the api client’s errors: no answer is a network error (status 0), a refusal keeps its status', async () => {
    answer(CHECK, networkFailure());
    expect(await checkHeldPhoto(record(), signal()).catch((e: unknown) => e)).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    answer(CHECK, apiError('INTERNAL_ERROR', { message: 'Busy' }));
    const refused = await checkHeldPhoto(record(), signal()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 500, message: 'Busy' });
  });
});
