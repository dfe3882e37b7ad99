import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { editedReason, provenanceFlags, type LatLng, type ProvenanceFlag } from '@ridgeline/shared/domain/photo-provenance';
import { formatCalendarDate, formatDateInZone, printZone } from '@ridgeline/shared/domain/time-zones';
import type { Db, DbTx } from '../infra/db/client';
import { companies, inspectionPhotos, inspectionSessions, projects } from '../infra/db/schema/index';

// The provenance flags of field photos (decision 039), which the photos feature's galleries and the
// reports feature's evidence appendix both show: each photo's taken day against the claim's date of
// loss, its taken place against the property and the session's other photos, and whether the file
// was edited after capture. The rules are packages/shared's (photo-provenance.ts); this reads what
// they need for a set of photos of one company, in three small queries.

export type ProvenancePhoto = Pick<
  typeof inspectionPhotos.$inferSelect,
  'id' | 'sessionId' | 'projectId' | 'capturedAt' | 'gpsCoordinates' | 'gpsSource' | 'width' | 'height' | 'cameraSoftware' | 'cameraWidth' | 'cameraHeight'
>;

/** "lat,lng" as stored, as numbers; null for none or a malformed value. */
export function parseLatLng(text: string | null): LatLng | null {
  if (!text) return null;
  const [lat, lng] = text.split(',').map(Number);
  return lat !== undefined && lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

/** The YYYY-MM-DD day of a moment in the zone. */
function dayInZone(date: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

type Claim = { dateOfLoss: string | null; property: LatLng | null };

const placeOf = (row: { latitude: number | null; longitude: number | null }): LatLng | null =>
  row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null;

/** The edited-after-capture reason of one photo, from what the thumbnail job read of its metadata. */
export function photoEditedReason(photo: ProvenancePhoto): string | null {
  return editedReason({
    software: photo.cameraSoftware,
    pixels: photo.width && photo.height ? { width: photo.width, height: photo.height } : null,
    camera: photo.cameraWidth && photo.cameraHeight ? { width: photo.cameraWidth, height: photo.cameraHeight } : null,
  });
}

/** The flags of each photo (by id), worked out against its claim file (or session) and its session's other photos. */
export async function photoProvenanceFlags(db: Db | DbTx, companyId: string, photos: readonly ProvenancePhoto[]): Promise<Map<string, ProvenanceFlag[]>> {
  const result = new Map<string, ProvenanceFlag[]>();
  if (photos.length === 0) return result;
  const sessionIds = [...new Set(photos.flatMap((p) => (p.sessionId ? [p.sessionId] : [])))];
  const [company] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId));
  const zone = printZone(company?.timeZone);
  const sessions =
    sessionIds.length === 0
      ? []
      : await db
          .select({
            id: inspectionSessions.id,
            projectId: inspectionSessions.projectId,
            dateOfLoss: inspectionSessions.dateOfLoss,
            latitude: inspectionSessions.latitude,
            longitude: inspectionSessions.longitude,
          })
          .from(inspectionSessions)
          .where(and(eq(inspectionSessions.companyId, companyId), inArray(inspectionSessions.id, sessionIds)));
  const projectIds = [
    ...new Set([...photos.flatMap((p) => (p.projectId ? [p.projectId] : [])), ...sessions.flatMap((s) => (s.projectId ? [s.projectId] : []))]),
  ];
  const projectRows =
    projectIds.length === 0
      ? []
      : await db
          .select({ id: projects.id, dateOfLoss: projects.dateOfLoss, latitude: projects.latitude, longitude: projects.longitude })
          .from(projects)
          .where(and(eq(projects.companyId, companyId), inArray(projects.id, projectIds)));
  // Where each session's photos were taken (camera metadata or the device at capture), deleted ones left out.
  const places =
    sessionIds.length === 0
      ? []
      : await db
          .select({ id: inspectionPhotos.id, sessionId: inspectionPhotos.sessionId, gps: inspectionPhotos.gpsCoordinates })
          .from(inspectionPhotos)
          .where(
            and(
              eq(inspectionPhotos.companyId, companyId),
              inArray(inspectionPhotos.sessionId, sessionIds),
              isNull(inspectionPhotos.deletedAt),
              isNotNull(inspectionPhotos.gpsCoordinates),
            ),
          );

  const sessionById = new Map(sessions.map((s) => [s.id, s]));
  const projectById = new Map(projectRows.map((p) => [p.id, p]));
  function claimOf(photo: ProvenancePhoto): Claim {
    const session = photo.sessionId ? sessionById.get(photo.sessionId) : undefined;
    const projectId = photo.projectId ?? session?.projectId ?? null;
    const project = projectId ? projectById.get(projectId) : undefined;
    return {
      dateOfLoss: project?.dateOfLoss ?? session?.dateOfLoss ?? null,
      property: (project ? placeOf(project) : null) ?? (session ? placeOf(session) : null),
    };
  }

  for (const photo of photos) {
    const claim = claimOf(photo);
    const takenPlace = photo.gpsSource === 'exif' || photo.gpsSource === 'device' ? parseLatLng(photo.gpsCoordinates) : null;
    const otherPlaces = places
      .filter((p) => p.sessionId === photo.sessionId && p.id !== photo.id)
      .flatMap((p) => {
        const place = parseLatLng(p.gps);
        return place ? [place] : [];
      });
    result.set(
      photo.id,
      provenanceFlags({
        takenDay: photo.capturedAt ? { iso: dayInZone(photo.capturedAt, zone), words: formatDateInZone(photo.capturedAt, zone) } : null,
        takenPlace,
        edited: photoEditedReason(photo),
        dateOfLoss: claim.dateOfLoss ? { iso: claim.dateOfLoss, words: formatCalendarDate(claim.dateOfLoss) } : null,
        property: claim.property,
        otherPlaces: photo.sessionId ? otherPlaces : [],
      }),
    );
  }
  return result;
}
