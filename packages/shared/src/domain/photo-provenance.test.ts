import { describe, expect, it } from 'vitest';
import { cameraTime, editedReason, editorSoftware, milesBetween, milesWords, provenanceFlags, takenWords } from './photo-provenance';

describe('photo provenance', () => {
  it("reads a camera's local time with its offset, or in the zone without one", () => {
    expect(cameraTime('2008:10:22 16:29:49', '+02:00', null)?.toISOString()).toBe('2008-10-22T14:29:49.000Z');
    expect(cameraTime('2026:01:15 08:00:00', null, 'America/Chicago')?.toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(cameraTime('0000:00:00 00:00:00', null, 'UTC')).toBeNull();
  });

  it("tells an editor's Software tag from a camera's", () => {
    expect(editorSoftware('Adobe Photoshop Lightroom Classic 13.0')).not.toBeNull();
    expect(editorSoftware('Snapseed 2.0')).toBe('Snapseed 2.0');
    expect(editorSoftware('17.1.2')).toBeNull();
    expect(editorSoftware('G998USQU5CWA1')).toBeNull();
    expect(editedReason({ software: null, pixels: { width: 3024, height: 4032 }, camera: { width: 4032, height: 3024 } })).toBeNull();
  });

  it('measures miles and says so', () => {
    expect(milesBetween({ lat: 35.6528, lng: -97.4781 }, { lat: 35.6528, lng: -97.4781 })).toBe(0);
    expect(milesWords(1.44)).toBe('1.4 miles');
    expect(milesWords(5134.2)).toBe('5,134 miles');
    const flags = provenanceFlags({
      takenDay: null,
      takenPlace: { lat: 35.67, lng: -97.4781 },
      edited: null,
      dateOfLoss: null,
      property: { lat: 35.6528, lng: -97.4781 },
      otherPlaces: [],
    });
    expect(flags.map((f) => f.kind)).toEqual(['far-from-property']);
  });

  it('never calls the upload time a taken time', () => {
    const format = (iso: string) => iso.slice(0, 10);
    expect(takenWords({ capturedAt: null, receivedAt: '2026-12-01T18:54:00Z', metadataRead: true }, format)).toBe(
      'Added 2026-12-01; the file has no camera time',
    );
    expect(takenWords({ capturedAt: '2008-10-22T14:29:49Z', receivedAt: '2026-12-01T18:54:00Z', metadataRead: true }, format)).toBe('Taken 2008-10-22');
  });
});
