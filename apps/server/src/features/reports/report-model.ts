import { createHash } from 'node:crypto';
import { annotationSchema, type Annotation } from '@ridgeline/shared/contracts/photos';
import {
  reportDocumentSchema,
  packetPartsSchema,
  proposalOptionSchema,
  type PacketParts,
  type ReportDocument,
  type ProposalOption,
} from '@ridgeline/shared/contracts/documents';
import { structureMeasurementSchema } from '@ridgeline/shared/contracts/estimating';
import { SHINGLE_PHOTO_LABELS, shingleMeasurementsSchema, shingleRankingSchema } from '@ridgeline/shared/contracts/shingles';
import { NAIL_ZONE_LABELS, SEALANT_LABELS, SHINGLE_CUT_LABELS, SHINGLE_TYPE_LABELS } from '@ridgeline/shared/domain/shingle-id';
import { formatInches } from '@ridgeline/shared/domain/shingle-length';
import {
  COVER_LETTER_FIELDS,
  fillCoverLetter,
  approvedAmountWords,
  homeownerShare,
  PROPOSAL_PHOTOS_MAX,
  PROPOSAL_TIERS,
  REPORT_KIND_LABELS,
  type CoverLetterValues,
  type ReportKind,
} from '@ridgeline/shared/domain/documents';
import { lineTotal, type EstimateLineInput } from '@ridgeline/shared/domain/estimate';
import { categoryLabel, subcategoryLabel } from '@ridgeline/shared/domain/field-capture';
import { lossTypeLabel, type LossType } from '@ridgeline/shared/domain/loss-types';
import { formatDeductionUsdCents, formatUsdCents } from '@ridgeline/shared/domain/money';
import { LINEAR_KINDS, measureStructure } from '@ridgeline/shared/domain/roof-measurements';
import type { SupplementItem } from '@ridgeline/shared/domain/supplement';
import { formatCalendarDate, formatDateInZone, formatDateTimeInZone } from '@ridgeline/shared/domain/time-zones';
import type { InsurerApproved } from '@ridgeline/shared/domain/ledger';
import type { Db, DbTx } from '../../infra/db/client';
import { proposalApprovedNow, readInsurerApproved } from '../../data/claim-ledger';
import type {
  PdfCover,
  PdfDocumentModel,
  PdfEvidenceRow,
  PdfImageRef,
  PdfLetterhead,
  PdfPart,
  PdfPhoto,
  PdfPhotoSection,
  PdfSection,
  PdfTable,
} from '../../infra/pdf/model';
import { placeSourceWords, takenWords, timeSourceWords, type ProvenanceSource } from '@ridgeline/shared/domain/photo-provenance';
import { photoProvenanceFlags } from '../../data/photo-provenance';
import { findProposal, type ProposalRow } from '../../data/proposal';
import { type ReportRow } from './reports.repository';
import { listSourcePhotos, type SourcePhotoRow } from '../../data/claim-photos';
import { findCompanyFacts, type CompanyFacts } from '../../data/company-letterhead';
import { listProjectEstimates, type EstimateRow } from '../../data/estimate';
import { findSessionFacts, listSessionsOfProject, type SessionFacts } from '../../data/inspection-session';
import { findProjectFacts, type ProjectFacts } from '../../data/project-summary';
import { listProjectMeasurements, type MeasurementRow } from '../../data/roof-measurement';
import { findLatestShingleId, type ShingleIdRow } from '../../data/shingle-identification';

// Everything a document's PDF is made from, read in one place: the report row (its arranged
// document, packet parts or proposal), its photos, the claim file or inspection, the company, the
// estimate and measurements. The same inputs give the PDF model the engine draws and the inputs
// hash: a document whose hash equals the one its PDF was rendered from is not rendered again.

/** Photos are stored in the private project-files bucket; company logos in the public avatars bucket. */
export const PHOTOS_BUCKET = 'project-files' as const;
export const LOGO_BUCKET = 'avatars' as const;

export type ModelInputs = {
  report: ReportRow;
  /** Who asked for the PDF (the cover letter's sender). */
  requesterName: string | null;
  company: CompanyFacts;
  project: ProjectFacts | null;
  session: SessionFacts | null;
  /** The inspector named on the cover: the inspection's, or the first of the claim file's inspections with one. */
  inspectorName: string | null;
  document: ReportDocument;
  /** The document's photos still there (live, of the report's source and company), by id. */
  photos: Map<string, SourcePhotoRow>;
  /** Each photo's provenance flags, their reasons in words (decision 039); none when absent. */
  flags?: Map<string, string[]>;
  /** A packet's parts; its Shingle ID page is the claim file's newest saved identification, when there is one. */
  packet: { parts: PacketParts; measurements: MeasurementRow[]; estimate: EstimateRow | null; shingleId: ShingleIdRow | null } | null;
  /** A proposal as printed: its approved amount is the one shown now (the ledger's insurer figures win over our estimate, readProposalApproved). */
  proposal: ProposalRow | null;
  /** What the insurer has approved on the claim file's ledger (RCV plus approved supplements), or null while it has approved none. */
  insurer?: InsurerApproved | null;
  /** The estimate a proposal was built from (its lines are printed), when it is still there. */
  proposalEstimate: EstimateRow | null;
};

/** The document as stored, read through the contract (defaults filled in). */
export function documentOf(report: Pick<ReportRow, 'document'>): ReportDocument {
  const parsed = reportDocumentSchema.safeParse(report.document);
  return parsed.success ? parsed.data : { sections: [], showAnnotations: true, showMetadata: true };
}

export function packetOf(report: Pick<ReportRow, 'packet'>): PacketParts | null {
  if (report.packet === null || report.packet === undefined) return null;
  const parsed = packetPartsSchema.safeParse(report.packet);
  return parsed.success ? parsed.data : null;
}

/** Reads every input of a report's PDF. */
export async function gatherInputs(db: Db | DbTx, report: ReportRow, requesterName: string | null): Promise<ModelInputs> {
  const companyId = report.companyId;
  const company = await findCompanyFacts(db, companyId);
  if (!company) throw new Error('The company of this report no longer exists');
  let project = report.projectId ? await findProjectFacts(db, companyId, report.projectId) : null;
  const session = report.sessionId ? await findSessionFacts(db, companyId, report.sessionId) : null;
  const stored = report.proposalId ? await findProposal(db, companyId, report.proposalId) : null;
  if (!project && stored) project = await findProjectFacts(db, companyId, stored.projectId);
  const insurer = project ? await readInsurerApproved(db, companyId, project.id) : null;
  const proposal = stored ? { ...stored, ...proposalApprovedNow(stored, insurer) } : null;
  let inspectorName = session?.inspectorName ?? null;
  if (!session && project) inspectorName = (await listSessionsOfProject(db, companyId, project.id)).find((s) => s.inspectorName)?.inspectorName ?? null;

  const document = documentOf(report);
  const ids = [...new Set(document.sections.flatMap((s) => s.photos.map((p) => p.photoId)))];
  const photoRows = await listSourcePhotos(db, companyId, { projectId: report.projectId, sessionId: report.sessionId }, ids);
  const photos = new Map(photoRows.map((p) => [p.id, p]));
  let proposalEstimate: EstimateRow | null = null;
  if (proposal && project) {
    // A proposal's PDF prints the lines of its estimate and the photos chosen for it.
    if (proposal.estimateId) proposalEstimate = (await listProjectEstimates(db, companyId, project.id, proposal.estimateId))[0] ?? null;
    for (const photo of await listSourcePhotos(db, companyId, { projectId: project.id, sessionId: null }, proposalPhotoIds(proposal)))
      photos.set(photo.id, photo);
  }

  const parts = packetOf(report);
  let packet: ModelInputs['packet'] = null;
  if (parts && project) {
    const measurements = parts.measurements ? await listProjectMeasurements(db, companyId, project.id) : [];
    const estimate = parts.estimateId ? ((await listProjectEstimates(db, companyId, project.id, parts.estimateId))[0] ?? null) : null;
    packet = { parts, measurements, estimate, shingleId: await findLatestShingleId(db, companyId, project.id) };
  }
  const flags = new Map([...(await photoProvenanceFlags(db, companyId, [...photos.values()])).entries()].map(([id, list]) => [id, list.map((f) => f.reason)]));
  return { report, requesterName, company, project, session, inspectorName, document, photos, flags, packet, proposal, insurer, proposalEstimate };
}

/** The photos chosen for a proposal's PDF, as stored (ids only, at most PROPOSAL_PHOTOS_MAX). */
export function proposalPhotoIds(proposal: Pick<ProposalRow, 'photoIds'>): string[] {
  return Array.isArray(proposal.photoIds) ? proposal.photoIds.filter((id): id is string => typeof id === 'string').slice(0, PROPOSAL_PHOTOS_MAX) : [];
}

/** SHA-256 of everything the PDF is made from (not of when it is made). */
export function inputHashOf(inputs: ModelInputs): string {
  const { report, company, project, session, document, packet, proposal, proposalEstimate } = inputs;
  const photos = [...inputs.photos.values()]
    .map((p) => [
      p.id,
      p.sha256,
      p.annotationUpdatedAt?.toISOString() ?? null,
      p.category,
      p.subcategory,
      p.thumbLargePath,
      p.gpsCoordinates,
      p.capturedAt?.toISOString() ?? null,
      p.deviceGps,
      p.thumbnailsAt ? 'read' : null,
      inputs.flags?.get(p.id) ?? [],
    ])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const payload = {
    kind: report.kind,
    title: report.title,
    overrideReason: report.overrideReason,
    document,
    photos,
    company: [company.name, company.address, company.phone, company.logoPath, company.timeZone],
    project: project ? { ...project, updatedAt: project.updatedAt.toISOString() } : null,
    session: session ? { ...session, createdAt: null, updatedAt: session.updatedAt.toISOString() } : null,
    inspector: inputs.inspectorName,
    packet: packet
      ? {
          parts: packet.parts,
          measurements: packet.measurements.map((m) => [m.id, m.updatedAt.toISOString()]),
          estimate: packet.estimate ? [packet.estimate.id, packet.estimate.updatedAt.toISOString()] : null,
          shingleId: packet.shingleId?.id ?? null,
        }
      : null,
    proposal: proposal
      ? [
          proposal.id,
          proposal.updatedAt.toISOString(),
          proposal.signaturePath,
          proposal.signedAt?.toISOString() ?? null,
          proposal.chosenTier,
          proposal.deductibleCents,
          proposal.approvedCents,
          proposal.approvedSource,
          proposalPhotoIds(proposal),
        ]
      : null,
    proposalEstimate: proposalEstimate ? [proposalEstimate.id, proposalEstimate.updatedAt.toISOString()] : null,
  };
  return createHash('sha256').update(JSON.stringify(payload)).digest('hex');
}

// ---------------------------------------------------------------- words

/** "May 2, 2026, 9:31 AM CDT": a moment in the company's time zone, with the zone named ('' for none). */
export function formatDateTime(date: Date | null, zone: string | null): string {
  return date ? formatDateTimeInZone(date, zone) : '';
}

function addressOf(place: { street: string; city: string | null; state: string | null; zip: string | null }): string {
  const region = [place.state, place.zip].filter(Boolean).join(' ');
  return [place.street, place.city, region].filter((part) => part && part.trim() !== '').join(', ');
}

function gpsOf(value: string | null): string | null {
  if (!value) return null;
  const [lat, lng] = value.split(',').map((n) => Number(n.trim()));
  if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) return value;
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

function annotationOf(value: unknown): Annotation | null {
  if (value === null || value === undefined) return null;
  const parsed = annotationSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The image printed for a photo: the large thumbnail when there is one, else the original. */
export function photoImage(photo: Pick<SourcePhotoRow, 'thumbLargePath' | 'filePath'>): PdfImageRef {
  return { bucket: PHOTOS_BUCKET, path: photo.thumbLargePath ?? photo.filePath };
}

function photoLabel(photo: SourcePhotoRow): string {
  const sub = subcategoryLabel(photo.category, photo.subcategory);
  return sub ? `${categoryLabel(photo.category)} · ${sub}` : categoryLabel(photo.category);
}

function lossTypeWords(value: LossType | null | undefined): string {
  return value ? lossTypeLabel(value) : '';
}

/** The property and claim facts of the cover, in the order adjusters read them; a fact with no value is not printed. */
export function coverFacts(inputs: ModelInputs, today: Date): { label: string; value: string }[] {
  const { project, session } = inputs;
  const place = project ?? session;
  const zone = inputs.company.timeZone;
  const dateOfLoss = project?.dateOfLoss ?? session?.dateOfLoss ?? null;
  return [
    { label: 'Property', value: place ? addressOf(place) : '' },
    { label: 'Homeowner', value: project?.homeownerName ?? session?.homeownerName ?? '' },
    { label: 'Carrier', value: project?.carrierName ?? session?.carrierName ?? '' },
    { label: 'Policy number', value: project?.policyNumber ?? session?.policyNumber ?? '' },
    { label: 'Claim number', value: project?.claimNumber ?? session?.claimNumber ?? '' },
    { label: 'Adjuster', value: project?.adjusterName ?? session?.adjusterName ?? '' },
    { label: 'Loss type', value: lossTypeWords(project?.lossType ?? session?.lossType) },
    { label: 'Date of loss', value: dateOfLoss ? formatCalendarDate(dateOfLoss) : '' },
    { label: 'Loss description', value: project?.lossDescription ?? session?.lossDescription ?? '' },
    { label: 'Inspector', value: inputs.inspectorName ?? '' },
    { label: 'Date', value: formatDateInZone(today, zone) },
  ];
}

/**
 * Each photo's number: its place among the document's photos in the order they are printed, a photo
 * placed twice keeping its first number. The photo pages, the cover and the evidence appendix all
 * print these numbers.
 */
export function photoNumbers(inputs: Pick<ModelInputs, 'document' | 'photos'>): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const section of inputs.document.sections) {
    for (const placed of section.photos) {
      if (inputs.photos.has(placed.photoId) && !numbers.has(placed.photoId)) numbers.set(placed.photoId, numbers.size + 1);
    }
  }
  return numbers;
}

/** The words of a photo's taken time (or when it was added, without one) in the company's zone. */
function takenOf(photo: SourcePhotoRow, zone: string | null): string {
  return takenWords(
    { capturedAt: photo.capturedAt?.toISOString() ?? null, receivedAt: photo.receivedAt.toISOString(), metadataRead: photo.thumbnailsAt !== null },
    (iso) => formatDateTimeInZone(new Date(iso), zone),
  );
}

function pdfPhoto(photo: SourcePhotoRow, caption: string, number: number | null, zone: string | null, flags: string[] = []): PdfPhoto {
  return {
    id: photo.id,
    image: photoImage(photo),
    width: photo.width,
    height: photo.height,
    caption,
    categoryLabel: photoLabel(photo),
    capturedAt: photo.capturedAt ? formatDateTime(photo.capturedAt, zone) : null,
    gps: gpsOf(photo.gpsCoordinates),
    addedWords: photo.capturedAt ? null : takenOf(photo, zone),
    deviceGps: photo.gpsCoordinates ? null : gpsOf(photo.deviceGps),
    flags,
    annotation: annotationOf(photo.annotation),
    number,
  };
}

/**
 * The cover's photo: the front of the house (the overview's "Front of house" shot, else the front
 * elevation), the first of the document's photos of it; none when the report has neither.
 */
function coverPhoto(inputs: ModelInputs, numbers: Map<string, number>): PdfPhoto | null {
  const placed = inputs.document.sections.flatMap((s) => s.photos);
  const find = (category: string, subcategory: string) =>
    placed.find((p) => {
      const photo = inputs.photos.get(p.photoId);
      return photo?.category === category && photo.subcategory === subcategory;
    });
  const chosen = find('overview', 'front_of_house') ?? find('elevation', 'front');
  const photo = chosen ? inputs.photos.get(chosen.photoId) : undefined;
  if (!chosen || !photo) return null;
  return pdfPhoto(photo, chosen.caption, numbers.get(photo.id) ?? null, inputs.company.timeZone, inputs.flags?.get(photo.id));
}

function coverOf(inputs: ModelInputs, today: Date): PdfCover {
  const { company, report } = inputs;
  return {
    title: report.title,
    companyName: company.name,
    companyAddress: company.address,
    companyPhone: company.phone,
    logo: company.logoPath ? { bucket: LOGO_BUCKET, path: company.logoPath } : null,
    facts: coverFacts(inputs, today),
    photo: coverPhoto(inputs, photoNumbers(inputs)),
    overrideReason: report.overrideReason,
  };
}

/** The company's letterhead: its logo, name, address and phone (a document needing it is made only with all three). */
function letterheadOf(company: CompanyFacts): PdfLetterhead {
  return {
    companyName: company.name,
    address: company.address?.trim() ?? '',
    phone: company.phone?.trim() ?? '',
    logo: company.logoPath ? { bucket: LOGO_BUCKET, path: company.logoPath } : null,
  };
}

function photoSections(inputs: ModelInputs): PdfPhotoSection[] {
  const numbers = photoNumbers(inputs);
  return inputs.document.sections
    .map((section) => ({
      title: section.title,
      note: section.note,
      layout: section.layout,
      photos: section.photos.flatMap((placed): PdfPhoto[] => {
        const photo = inputs.photos.get(placed.photoId);
        return photo ? [pdfPhoto(photo, placed.caption, numbers.get(photo.id) ?? null, inputs.company.timeZone, inputs.flags?.get(photo.id))] : [];
      }),
    }))
    .filter((section) => section.photos.length > 0);
}

function evidenceRows(inputs: ModelInputs): PdfEvidenceRow[] {
  const zone = inputs.company.timeZone;
  const rows: PdfEvidenceRow[] = [];
  const numbers = photoNumbers(inputs);
  for (const section of inputs.document.sections) {
    for (const placed of section.photos) {
      const photo = inputs.photos.get(placed.photoId);
      const n = photo ? numbers.get(photo.id) : undefined;
      // One row per photo, in its number's place.
      if (!photo || n === undefined || n !== rows.length + 1) continue;
      rows.push({
        label: `${n}. ${placed.caption || photoLabel(photo)}`,
        fileName: photo.fileName,
        sha256: photo.sha256,
        capturedAt: photo.capturedAt ? formatDateTime(photo.capturedAt, zone) : 'No camera time',
        receivedAt: formatDateTime(photo.receivedAt, zone),
        uploader: photo.uploaderName ?? '',
        provenance: {
          taken: takenOf(photo, zone),
          timeSource: timeSourceWords(photo.capturedAt ? sourceOf(photo.capturedAtSource) : null),
          place: gpsOf(photo.gpsCoordinates) ?? (photo.deviceGps ? `${gpsOf(photo.deviceGps) ?? ''} (device at upload, not where it was taken)` : 'None'),
          placeSource: placeSourceWords(photo.gpsCoordinates ? sourceOf(photo.gpsSource) : null, photo.deviceGps !== null),
          flags: inputs.flags?.get(photo.id) ?? [],
        },
      });
    }
  }
  return rows;
}

export const EVIDENCE_INTRO =
  "Every photo in this report with the SHA-256 fingerprint of the file as it was uploaded, when it was taken, when the server received it and who uploaded it. Anyone holding the original file can compute its SHA-256 and compare: a photo altered after upload no longer matches. Below it, where each photo's time and place came from, and any reason to question them.";

const sourceOf = (value: string | null): ProvenanceSource => (value === 'exif' || value === 'device' ? value : null);

function photoReportParts(inputs: ModelInputs, today: Date, withCover: boolean): PdfSection[] {
  const parts: PdfSection[] = [];
  if (withCover) parts.push({ bookmark: 'Cover', part: { kind: 'cover', cover: coverOf(inputs, today) } });
  parts.push({
    bookmark: 'Photos',
    part: { kind: 'photos', sections: photoSections(inputs), showAnnotations: inputs.document.showAnnotations, showMetadata: inputs.document.showMetadata },
  });
  parts.push({ bookmark: 'Photo evidence', part: { kind: 'evidence', intro: EVIDENCE_INTRO, rows: evidenceRows(inputs) } });
  return parts;
}

// ---------------------------------------------------------------- packet parts

const num = (value: number, places = 2) => value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: places });

function measurementTables(measurements: readonly MeasurementRow[]): { tables: PdfTable[]; notes: string[] } {
  const tables: PdfTable[] = [];
  const notes: string[] = [];
  for (const measurement of measurements) {
    const structures = Array.isArray(measurement.structures) ? measurement.structures : [];
    for (const raw of structures) {
      const parsed = structureMeasurementSchema.safeParse(raw);
      if (!parsed.success) continue;
      const structure = parsed.data;
      const result = measureStructure(structure);
      const prefix = measurement.label ? `${measurement.label}: ` : '';
      tables.push({
        title: `${prefix}${structure.name}`,
        columns: [
          { label: 'Facet', width: 0.28 },
          { label: 'Pitch', align: 'right', width: 0.14 },
          { label: 'Plan area (sq ft)', align: 'right', width: 0.2 },
          { label: 'Area (sq ft)', align: 'right', width: 0.2 },
          { label: 'Squares', align: 'right', width: 0.18 },
        ],
        rows: structure.facets.map((facet, i) => {
          const r = result.facets[i];
          return [facet.name || `Facet ${i + 1}`, `${num(facet.pitchRise, 1)}/12`, num(r?.planAreaSqFt ?? 0), num(r?.trueAreaSqFt ?? 0), num(r?.squares ?? 0)];
        }),
        footer: [
          ['Total', `${num(result.predominantRise, 1)}/12`, num(result.planAreaSqFt), num(result.trueAreaSqFt), num(result.squares)],
          ['With waste', `${num(result.wastePct, 1)}%`, '', '', num(result.orderSquares)],
        ],
      });
      tables.push({
        title: `${prefix}${structure.name}: linear feet`,
        columns: [
          { label: 'Line', width: 0.6 },
          { label: 'Feet', align: 'right', width: 0.4 },
        ],
        rows: LINEAR_KINDS.map((kind) => [kind.label, num(result.linear[kind.value])]),
      });
    }
  }
  if (tables.length === 0) notes.push('No roof measurements were recorded for this claim file.');
  return { tables, notes };
}

type EstimateLineData = Pick<EstimateLineInput, 'description' | 'quantity' | 'unit' | 'unitPriceCents' | 'depreciationBp'> & { photoIds: string[] };

function linesOf(value: unknown): EstimateLineData[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw): EstimateLineData[] => {
    if (typeof raw !== 'object' || raw === null) return [];
    const line = raw as Record<string, unknown>;
    return [
      {
        description: typeof line.description === 'string' ? line.description : '',
        quantity: typeof line.quantity === 'number' ? line.quantity : 0,
        unit: typeof line.unit === 'string' ? line.unit : '',
        unitPriceCents: typeof line.unitPriceCents === 'number' ? line.unitPriceCents : 0,
        depreciationBp: typeof line.depreciationBp === 'number' ? line.depreciationBp : 0,
        photoIds: Array.isArray(line.photoIds) ? line.photoIds.filter((id): id is string => typeof id === 'string') : [],
      },
    ];
  });
}

/**
 * A line's description with the photos behind it, by the numbers this document prints them under
 * ("R&R Siding - vinyl (photos 4, 5)"); photos named but not printed here are counted as in the
 * claim file, so a line never points at a photo the reader cannot find.
 */
function describedWithPhotos(line: EstimateLineData, numbers: ReadonlyMap<string, number>): string {
  if (line.photoIds.length === 0) return line.description;
  const printed = line.photoIds.flatMap((id) => {
    const n = numbers.get(id);
    return n === undefined ? [] : [n];
  });
  const elsewhere = line.photoIds.length - printed.length;
  const parts = [
    ...(printed.length > 0 ? [`${printed.length === 1 ? 'photo' : 'photos'} ${[...new Set(printed)].sort((a, b) => a - b).join(', ')}`] : []),
    ...(elsewhere > 0 ? [`${elsewhere} ${elsewhere === 1 ? 'photo' : 'photos'} in the claim file`] : []),
  ];
  return `${line.description} (${parts.join('; ')})`;
}

function supplementOf(value: unknown): Pick<SupplementItem, 'description' | 'kind' | 'ourQuantity' | 'carrierQuantity' | 'unit' | 'amountCents' | 'support'>[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw) => {
    if (typeof raw !== 'object' || raw === null) return [];
    const item = raw as Record<string, unknown>;
    return [
      {
        description: typeof item.description === 'string' ? item.description : '',
        kind: item.kind === 'under_counted' ? ('under_counted' as const) : ('missing' as const),
        ourQuantity: typeof item.ourQuantity === 'number' ? item.ourQuantity : 0,
        carrierQuantity: typeof item.carrierQuantity === 'number' ? item.carrierQuantity : 0,
        unit: typeof item.unit === 'string' ? item.unit : '',
        amountCents: typeof item.amountCents === 'number' ? item.amountCents : 0,
        support: typeof item.support === 'string' ? item.support : '',
      },
    ];
  });
}

function estimateTable(estimate: EstimateRow, numbers: ReadonlyMap<string, number>): PdfTable {
  const lines = linesOf(estimate.lines);
  return {
    title: `Estimate (version ${estimate.version})`,
    columns: [
      { label: 'Description', width: 0.44 },
      { label: 'Quantity', align: 'right', width: 0.14 },
      { label: 'Unit', width: 0.1 },
      { label: 'Unit price', align: 'right', width: 0.16 },
      { label: 'Total', align: 'right', width: 0.16 },
    ],
    rows: lines.map((line) => [
      describedWithPhotos(line, numbers),
      num(line.quantity),
      line.unit,
      formatUsdCents(line.unitPriceCents),
      formatUsdCents(lineTotal(line)),
    ]),
    footer: [
      ['Subtotal', '', '', '', formatUsdCents(estimate.subtotalCents)],
      ...(estimate.opEnabled
        ? [
            ['Overhead (10%)', '', '', '', formatUsdCents(estimate.overheadCents)],
            ['Profit (10%)', '', '', '', formatUsdCents(estimate.profitCents)],
          ]
        : []),
      ['Replacement cost (RCV)', '', '', '', formatUsdCents(estimate.rcvCents)],
      ['Depreciation', '', '', '', formatDeductionUsdCents(estimate.depreciationCents)],
      ['Actual cash value (ACV)', '', '', '', formatUsdCents(estimate.acvCents)],
    ],
  };
}

function supplementTable(estimate: EstimateRow): { tables: PdfTable[]; notes: string[] } {
  const items = supplementOf(estimate.supplement);
  if (items.length === 0) return { tables: [], notes: ["The carrier's scope has every item of this estimate: nothing to add."] };
  const total = items.reduce((n, item) => n + item.amountCents, 0);
  return {
    tables: [
      {
        title: 'Items to add to the scope',
        columns: [
          { label: 'Item', width: 0.3 },
          { label: 'Ours', align: 'right', width: 0.1 },
          { label: 'Carrier', align: 'right', width: 0.1 },
          { label: 'Unit', width: 0.08 },
          { label: 'Amount', align: 'right', width: 0.14 },
          { label: 'Support', width: 0.28 },
        ],
        rows: items.map((item) => [
          `${item.description}${item.kind === 'missing' ? ' (missing)' : ' (under-counted)'}`,
          num(item.ourQuantity),
          num(item.carrierQuantity),
          item.unit,
          formatUsdCents(item.amountCents),
          item.support,
        ]),
        footer: [['Total', '', '', '', formatUsdCents(total), '']],
      },
    ],
    notes: [],
  };
}

/** The claim's values a cover letter names. */
export function coverLetterValues(
  inputs: Pick<ModelInputs, 'company' | 'project' | 'session' | 'requesterName' | 'insurer'>,
  estimate: EstimateRow | null,
  today: Date,
): CoverLetterValues {
  const { company, project, session } = inputs;
  const place = project ?? session;
  const lossType = project?.lossType ?? session?.lossType ?? null;
  const values: CoverLetterValues = {
    company_name: company.name,
    company_address: company.address ?? '',
    company_phone: company.phone ?? '',
    homeowner_name: project?.homeownerName ?? session?.homeownerName ?? '',
    property_address: place ? addressOf(place) : '',
    carrier_name: project?.carrierName ?? session?.carrierName ?? '',
    claim_number: project?.claimNumber ?? session?.claimNumber ?? '',
    policy_number: project?.policyNumber ?? session?.policyNumber ?? '',
    date_of_loss: formatCalendarDate(project?.dateOfLoss ?? session?.dateOfLoss ?? ''),
    loss_type: lossType ? lossTypeLabel(lossType).toLowerCase() : '',
    adjuster_name: project?.adjusterName ?? session?.adjusterName ?? '',
    estimate_total: estimate ? formatUsdCents(estimate.rcvCents) : '',
    insurer_approved: inputs.insurer ? formatUsdCents(inputs.insurer.approvedCents) : '',
    today: formatDateInZone(today, company.timeZone),
    sender_name: inputs.requesterName ?? '',
  };
  // Only the fields a template may name.
  return Object.fromEntries(COVER_LETTER_FIELDS.map((f) => [f.key, values[f.key] ?? ''])) as CoverLetterValues;
}

function packetSections(inputs: ModelInputs, today: Date): PdfSection[] {
  const packet = inputs.packet;
  if (!packet) return [];
  // The service refuses a letter naming a field with no value; one gone since prints as nothing, never as a mark.
  const body = fillCoverLetter(packet.parts.coverLetter, coverLetterValues(inputs, packet.estimate, today), { missing: 'blank' });
  const sections: PdfSection[] = [{ bookmark: 'Cover letter', part: { kind: 'letter', body, letterhead: letterheadOf(inputs.company) } }];
  if (packet.parts.photoReport) {
    sections.push({ bookmark: 'Photo report', part: { kind: 'cover', cover: coverOf(inputs, today) } });
    sections.push(...photoReportParts(inputs, today, false));
  }
  if (packet.parts.measurements) sections.push({ bookmark: 'Measurements', part: { kind: 'tables', ...measurementTables(packet.measurements) } });
  if (packet.estimate) {
    sections.push({
      bookmark: 'Estimate',
      part: { kind: 'tables', tables: [estimateTable(packet.estimate, packet.parts.photoReport ? photoNumbers(inputs) : new Map())], notes: [] },
    });
    sections.push({ bookmark: 'Supplement', part: { kind: 'tables', ...supplementTable(packet.estimate) } });
  }
  if (packet.shingleId) {
    const page = shingleIdPage(packet.shingleId, inputs.company.timeZone);
    if (page) sections.push({ bookmark: 'Shingle ID', part: { kind: 'tables', ...page } });
    const photos = shingleIdPhotos(packet.shingleId, inputs.company.timeZone);
    if (page && photos) sections.push({ bookmark: 'Shingle ID photos', part: photos });
  }
  return sections;
}

// ---------------------------------------------------------------- shingle ID

const verifiedMark = (verified: boolean) => (verified ? 'verified' : 'unverified');

/**
 * The packet's Shingle ID page: what was measured, the ranked candidates with their fit, the catalog
 * figures each matched and whether each is verified, years made and discontinued status, the reasons
 * in words, and the catalog version. An identification whose stored shape no longer reads prints no page.
 */
function shingleIdPage(row: ShingleIdRow, timeZone: string | null): { tables: PdfTable[]; notes: string[] } | null {
  const measured = shingleMeasurementsSchema.safeParse(row.measurements);
  const ranked = shingleRankingSchema.safeParse(row.ranking);
  if (!measured.success || !ranked.success) return null;
  const m = measured.data;
  const ranking = ranked.data;
  const inches = (value: number | null) => (value === null ? 'Not measured' : `${formatInches(value)} in`);
  const seen = <T extends string>(value: T | 'unknown', labels: Record<T, string>) => (value === 'unknown' ? 'Not noted' : labels[value]);
  const facts: string[][] = [
    ['Saved', formatDateTimeInZone(row.createdAt, timeZone)],
    ['Exposure', inches(m.exposureIn)],
    ['Length', inches(m.lengthIn)],
    ['Height', inches(m.heightIn)],
    ['Type', seen(m.type, SHINGLE_TYPE_LABELS)],
    ['Cut', seen(m.cut, SHINGLE_CUT_LABELS)],
    ['Nailing area', seen(m.nailZone, NAIL_ZONE_LABELS)],
    ['Sealant', seen(m.sealant, SEALANT_LABELS)],
    ['Granules on the back', m.granulesOnBack === 'unknown' ? 'Not noted' : m.granulesOnBack === 'yes' ? 'Yes' : 'No'],
    ...(m.tapeText ? [['Release-tape text', m.tapeText]] : []),
    ...(row.color ? [['Color', row.color]] : []),
    ...(row.address ? [['Address', row.address]] : []),
    ['Catalog version', String(row.catalogVersion)],
    ['Confidence', ranking.confidence],
  ];
  const tables: PdfTable[] = [
    {
      title: 'Shingle identification: measurements',
      columns: [
        { label: 'Measured or seen', width: 0.4 },
        { label: 'Value', width: 0.6 },
      ],
      rows: facts,
    },
  ];
  if (ranking.candidates.length > 0) {
    tables.push({
      title: 'Candidates, best fit first',
      columns: [
        { label: 'Product', width: 0.34 },
        { label: 'Fit', align: 'right', width: 0.08 },
        { label: 'Catalog figures', width: 0.3 },
        { label: 'Years made', width: 0.14 },
        { label: 'Discontinued', width: 0.14 },
      ],
      rows: ranking.candidates.map((candidate, index) => [
        `${index + 1}. ${candidate.manufacturer} ${candidate.line}`,
        String(candidate.fit),
        candidate.figures.map((figure) => `${figure.label} ${formatInches(figure.value)} in (${verifiedMark(figure.verified)})`).join('; ') ||
          'No size in the catalog',
        candidate.yearsMade ? `${candidate.yearsMade.text}${candidate.yearsMade.verified ? '' : ' (unverified)'}` : 'Not known',
        candidate.discontinued.value === 'unknown'
          ? 'Not known'
          : `${candidate.discontinued.value === 'yes' ? 'Yes' : 'No'}${candidate.discontinued.verified ? '' : ' (unverified)'}`,
      ]),
    });
  }
  const notes = [ranking.summary];
  if (ranking.tied) notes.push(`The top ${ranking.topGroup.length} lines fit these measurements about equally well and cannot be told apart from them alone.`);
  for (const [index, candidate] of ranking.candidates.slice(0, 3).entries()) {
    notes.push(`Why ${index + 1}. ${candidate.manufacturer} ${candidate.line}: ${candidate.reasons.map((reason) => reason.text).join('; ')}.`);
  }
  if (ranking.lab.recommended) notes.push(`${ranking.lab.reason} What to send: ${ranking.lab.whatToSend.join('; ')}.`);
  notes.push('Figures marked unverified come from secondary sources (trade articles, contractor data files), not from a manufacturer document.');
  return { tables, notes };
}

/** The identification's photos (face, back, tape across the exposure, release tape), four to a page, under the Shingle ID page. */
function shingleIdPhotos(row: ShingleIdRow, timeZone: string | null): PdfPart | null {
  if (row.photos.length === 0) return null;
  const labels: Record<string, string> = SHINGLE_PHOTO_LABELS;
  return {
    kind: 'photos',
    showAnnotations: false,
    showMetadata: true,
    sections: [
      {
        title: 'Shingle identification: photos',
        note: `${row.photos.length} photo${row.photos.length === 1 ? '' : 's'} taken for the identification saved ${formatDateTimeInZone(row.createdAt, timeZone)}.`,
        layout: 4,
        photos: row.photos.map((photo): PdfPhoto => ({
          id: photo.id,
          image: { bucket: PHOTOS_BUCKET, path: photo.filePath },
          width: null,
          height: null,
          caption: labels[photo.kind] ?? 'Shingle',
          categoryLabel: `Shingle ID · ${labels[photo.kind] ?? 'Shingle'}`,
          // The identification's photos are not read for camera metadata: when they were added, not "taken".
          capturedAt: null,
          addedWords: `Added ${formatDateTimeInZone(photo.createdAt, timeZone)}`,
          gps: null,
          annotation: null,
          number: null,
        })),
      },
    ],
  };
}

// ---------------------------------------------------------------- proposal

function optionsOf(value: unknown): ProposalOption[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw) => {
    const parsed = proposalOptionSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The estimate's lines as the homeowner reads them: each line, the subtotal, overhead and profit only when the estimate has them on, the total. */
function scopeTable(estimate: EstimateRow): PdfTable {
  const lines = linesOf(estimate.lines);
  return {
    title: 'Scope of work',
    columns: [
      { label: 'Description', width: 0.5 },
      { label: 'Quantity', align: 'right', width: 0.14 },
      { label: 'Unit', width: 0.1 },
      { label: 'Total', align: 'right', width: 0.26 },
    ],
    rows: lines.map((line) => [line.description, num(line.quantity), line.unit, formatUsdCents(lineTotal(line))]),
    footer: [
      ['Subtotal', '', '', formatUsdCents(estimate.subtotalCents)],
      ...(estimate.opEnabled
        ? [
            ['Overhead (10%)', '', '', formatUsdCents(estimate.overheadCents)],
            ['Profit (10%)', '', '', formatUsdCents(estimate.profitCents)],
          ]
        : []),
      ['Total (replacement cost)', '', '', formatUsdCents(estimate.rcvCents)],
    ],
  };
}

/**
 * The homeowner's part of an option as printed: the approved amount (named as the insurer's only
 * when it is, approvedAmountWords), the deductible, what the insurance pays and what the homeowner
 * pays (homeownerShare's rule, in cents); none while the deductible or the approved amount is not known.
 */
export function homeownerPartLines(
  option: Pick<ProposalOption, 'priceCents'>,
  proposal: Pick<ProposalRow, 'deductibleCents' | 'approvedCents' | 'approvedSource'>,
): { label: string; value: string }[] {
  if (proposal.deductibleCents === null || proposal.approvedCents === null) return [];
  const share = homeownerShare({ priceCents: option.priceCents, approvedCents: proposal.approvedCents, deductibleCents: proposal.deductibleCents });
  const words = approvedAmountWords(proposal.approvedSource === 'insurer' || proposal.approvedSource === 'typed' ? proposal.approvedSource : 'estimate');
  return [
    { label: words.label, value: formatUsdCents(share.approvedCents) },
    { label: 'Your deductible', value: formatUsdCents(share.deductibleCents) },
    ...(share.upgradeCents > 0 ? [{ label: words.upgradeLabel, value: formatUsdCents(share.upgradeCents) }] : []),
    { label: words.insurerPays, value: formatUsdCents(share.insurerPaysCents) },
    { label: 'You pay', value: formatUsdCents(share.homeownerPaysCents) },
  ];
}

function proposalSections(inputs: ModelInputs, today: Date): PdfSection[] {
  const { proposal, project, company } = inputs;
  if (!proposal) return [];
  const zone = company.timeZone;
  const signed = proposal.signedAt !== null && proposal.signaturePath !== null;
  // The chosen photos still there, in their order, numbered 1, 2, 3 as printed, captioned with their notes.
  const photos = proposalPhotoIds(proposal)
    .flatMap((id) => {
      const photo = inputs.photos.get(id);
      return photo ? [photo] : [];
    })
    .map((photo, i) => pdfPhoto(photo, (photo.notes ?? '').trim(), i + 1, zone));
  return [
    {
      bookmark: 'Proposal',
      part: {
        kind: 'proposal',
        letterhead: letterheadOf(company),
        facts: [
          { label: 'Prepared for', value: project?.homeownerName ?? '' },
          { label: 'Property', value: project ? addressOf(project) : '' },
          { label: 'Carrier', value: project?.carrierName ?? '' },
          { label: 'Claim number', value: project?.claimNumber ?? '' },
          { label: 'Date', value: formatDateInZone(today, zone) },
        ],
        intro: proposal.intro,
        options: optionsOf(proposal.options).map((option) => ({
          label: PROPOSAL_TIERS.find((t) => t.value === option.tier)?.label ?? option.tier,
          productLine: option.productLine,
          price: formatUsdCents(option.priceCents),
          warranty: option.warranty,
          terms: option.terms,
          chosen: proposal.chosenTier === option.tier,
          homeownerPart: homeownerPartLines(option, proposal),
        })),
        lineItems: inputs.proposalEstimate ? scopeTable(inputs.proposalEstimate) : null,
        photos,
        signature:
          signed && proposal.signaturePath && proposal.signedAt
            ? {
                name: proposal.signerName ?? '',
                date: proposal.signedDate ? formatCalendarDate(proposal.signedDate) : '',
                signedAt: formatDateTime(proposal.signedAt, zone),
                ip: proposal.signerIp ?? '',
                image: { bucket: 'documents', path: proposal.signaturePath },
              }
            : null,
      },
    },
  ];
}

/** The PDF model of a report, a packet or a proposal. */
export function buildModel(inputs: ModelInputs, today: Date = new Date()): PdfDocumentModel {
  const kind = inputs.report.kind;
  const sections =
    kind === 'packet' ? packetSections(inputs, today) : kind === 'proposal' ? proposalSections(inputs, today) : photoReportParts(inputs, today, true);
  return { title: inputs.report.title, author: inputs.company.name, sections };
}

/** The default title of a new document: "Photo report - 12 Shingle Way". */
export function defaultTitle(kind: ReportKind, street: string): string {
  const place = street.trim();
  return place ? `${REPORT_KIND_LABELS[kind]} - ${place}` : REPORT_KIND_LABELS[kind];
}
