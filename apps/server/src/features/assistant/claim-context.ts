import { LOSS_TYPES } from '@ridgeline/shared/domain/loss-types';
import { pendingSupplements, pendingSupplementText, statusDisagreements, statusDisagreementText } from '@ridgeline/shared/domain/ledger';
import { formatUsdCents } from '@ridgeline/shared/domain/money';
import { formatCalendarDate } from '@ridgeline/shared/domain/time-zones';
import { buildShotList, type ShotListStructure } from '@ridgeline/shared/domain/shot-list';
import type { SupplementItem } from '@ridgeline/shared/domain/supplement';
import { readClaimLedger, type ClaimLedgerRead } from '../../data/claim-ledger';
import type { Db } from '../../infra/db/client';
import { claimActivity, claimEstimate, claimFiles, claimMeasurements, claimPhotos, claimReports, claimSessions, findClaimFile } from './assistant.repository';

// The claim file as the assistant reads it: each record a fact with the reference an answer cites it
// by (`[C:ref]`), its words and where it is in the app. Built on the server from the company's own rows
// (every read filters by the company), so nothing of another company can enter a context or a prompt.

export type ClaimFact = { ref: string; label: string; text: string; href: string | null };

export type ClaimContext = {
  projectId: string;
  title: string;
  facts: ClaimFact[];
  supplement: SupplementItem[];
  /** The steepest pitch measured (rise per 12), null with no measurement. */
  steepestPitch: number | null;
  /** What is missing for the adjuster meeting, each with where to fix it (on a settled file, only what the ledger asks). */
  missing: ClaimFact[];
  /** Paid in full on the ledger, or in a paid or closed status: nothing more is requested. */
  settled: 'paid_in_full' | 'closed' | null;
};

type StructureJson = { id?: string; name?: string; areas?: string[]; slopes?: { direction?: string; testSquareHits?: number | null }[] };
type MeasuredStructureJson = { name?: string; facets?: { pitchRise?: number }[] };

const lossLabel = (value: string) => LOSS_TYPES.find((t) => t.value === value)?.label ?? value;
const joinPresent = (parts: (string | null | undefined)[]) => parts.filter((p): p is string => Boolean(p && p.trim())).join(', ');

/** The claim file's context, or null when the company has no such claim file. */
export async function readClaimContext(db: Db, companyId: string, projectId: string): Promise<ClaimContext | null> {
  const project = await findClaimFile(db, companyId, projectId);
  if (!project) return null;
  const [sessions, photos, measurements, estimate, files, documents, activity, ledger] = await Promise.all([
    claimSessions(db, companyId, projectId),
    claimPhotos(db, companyId, projectId),
    claimMeasurements(db, companyId, projectId),
    claimEstimate(db, companyId, projectId),
    claimFiles(db, companyId, projectId),
    claimReports(db, companyId, projectId),
    claimActivity(db, companyId, projectId),
    readClaimLedger(db, companyId, projectId),
  ]);
  // A file the insurer has paid in full (or moved to a paid or closed status) asks for nothing more.
  const settled = ledger?.summary.state === 'paid_in_full' || project.statusKey === 'paid' || project.statusClosed === true;
  const base = `/projects/${projectId}`;
  const facts: ClaimFact[] = [];
  const missing: ClaimFact[] = [];

  facts.push({
    ref: 'claim',
    label: 'Claim file',
    text: joinPresent([
      project.title,
      `homeowner ${project.homeownerName}`,
      joinPresent([project.street, project.city, project.state, project.zip]),
      project.carrierName ? `carrier ${project.carrierName}` : null,
      project.adjusterName ? `adjuster ${project.adjusterName}` : null,
      project.claimNumber ? `claim number ${project.claimNumber}` : null,
      project.policyNumber ? `policy ${project.policyNumber}` : null,
      project.dateOfLoss ? `date of loss ${formatCalendarDate(project.dateOfLoss)}` : null,
      project.status ? `status ${project.status}` : null,
      project.deductibleCents !== null ? `deductible ${formatUsdCents(project.deductibleCents)}` : null,
      project.rcvCents !== null ? `RCV typed on the claim file ${formatUsdCents(project.rcvCents)}` : null,
    ]),
    href: base,
  });
  facts.push({ ref: 'loss', label: 'Loss', text: joinPresent([lossLabel(project.lossType), project.lossDescription]), href: base });
  if (ledger) facts.push(...ledgerFacts(ledger, base));
  for (const [field, label] of [
    ['carrierName', 'carrier'],
    ['claimNumber', 'claim number'],
    ['dateOfLoss', 'date of loss'],
  ] as const) {
    if (!project[field])
      missing.push({ ref: `missing:${field}`, label: `No ${label} on the claim file`, text: `Add the ${label} on the claim file.`, href: base });
  }

  const structures: ShotListStructure[] = [];
  for (const session of sessions) {
    const list = Array.isArray(session.structures) ? (session.structures as StructureJson[]) : [];
    const hits = list.flatMap((s) =>
      (s.slopes ?? []).map(
        (slope) =>
          `${s.name ?? 'structure'} ${slope.direction ?? '?'} slope: ${slope.testSquareHits === null || slope.testSquareHits === undefined ? 'not counted' : `${slope.testSquareHits} hits in the test square`}`,
      ),
    );
    facts.push({
      ref: `inspection:${session.id}`,
      label: 'Inspection',
      text: joinPresent([
        `${session.status === 'completed' ? 'completed' : 'in progress'} inspection`,
        hits.join('; ') || 'no test squares counted',
        session.notes,
      ]),
      href: `/field-inspection/${session.id}`,
    });
    for (const s of list) {
      if (!s.id || !s.name) continue;
      structures.push({
        id: s.id,
        name: s.name,
        areas: (s.areas ?? []) as ShotListStructure['areas'],
        slopes: (s.slopes ?? []).map((slope) => ({
          direction: (slope.direction ?? 'N') as ShotListStructure['slopes'][number]['direction'],
          testSquareHits: slope.testSquareHits ?? null,
        })),
      });
    }
  }
  if (sessions.length === 0)
    missing.push({ ref: 'missing:inspection', label: 'No inspection', text: 'Start a field inspection for this property.', href: '/field-inspection/new' });
  if (structures.length > 0) {
    const shots = buildShotList(structures, photos).flatMap((phase) => phase.shots.filter((shot) => shot.required && shot.count === 0));
    if (shots.length > 0) {
      missing.push({
        ref: 'missing:photos',
        label: `${shots.length} required photo${shots.length === 1 ? '' : 's'} not taken`,
        text: shots
          .slice(0, 12)
          .map((shot) => shot.label)
          .join(', '),
        href: `${base}?tab=photos`,
      });
    }
  }

  let steepestPitch: number | null = null;
  for (const m of measurements) {
    const list = Array.isArray(m.structures) ? (m.structures as MeasuredStructureJson[]) : [];
    const pitches = list.flatMap((s) => (s.facets ?? []).map((f) => Number(f.pitchRise ?? 0)));
    const steepest = pitches.length > 0 ? Math.max(...pitches) : null;
    if (steepest !== null) steepestPitch = Math.max(steepestPitch ?? 0, steepest);
    facts.push({
      ref: `measurement:${m.id}`,
      label: `Measurement${m.label ? ` ${m.label}` : ''}`,
      text: joinPresent([
        `${(m.squaresHundredths / 100).toFixed(2)} squares`,
        `${m.trueAreaSqFt} sq ft true area`,
        steepest !== null ? `steepest pitch ${steepest}:12` : null,
      ]),
      href: `${base}?tab=measurements`,
    });
  }
  if (measurements.length === 0)
    missing.push({
      ref: 'missing:measurements',
      label: 'No roof measurement',
      text: 'Measure the roof or import a measurement report.',
      href: `${base}?tab=measurements`,
    });

  const supplement = estimate && Array.isArray(estimate.supplement) ? (estimate.supplement as SupplementItem[]) : [];
  if (estimate) {
    facts.push({
      ref: `estimate:${estimate.id}`,
      label: `Estimate version ${estimate.version}`,
      text: `our estimate (not the insurer's approval): RCV ${formatUsdCents(estimate.rcvCents)}, ACV ${formatUsdCents(estimate.acvCents)}, ${supplement.length} supplement item${supplement.length === 1 ? '' : 's'}`,
      href: `${base}?tab=estimates`,
    });
    supplement.forEach((item, index) => {
      facts.push({
        ref: `supplement:${index + 1}`,
        label: `Supplement item ${index + 1}`,
        text: `${item.description}: ${item.kind === 'missing' ? 'missing from the carrier scope' : 'under-counted by the carrier'} (ours ${item.ourQuantity} ${item.unit}, carrier ${item.carrierQuantity} ${item.unit}, ${formatUsdCents(item.amountCents)}); support: ${item.support}`,
        href: `${base}?tab=estimates`,
      });
    });
    // Items to request only while none is on the ledger yet and the file is not paid.
    const requested = (ledger?.summary.supplements.length ?? 0) > 0;
    if (supplement.length > 0 && !requested && !settled) {
      missing.push({
        ref: 'missing:supplement',
        label: `${supplement.length} supplement item${supplement.length === 1 ? '' : 's'} to request`,
        text: supplement.map((i) => i.description).join(', '),
        href: `${base}?tab=estimates`,
      });
    }
  } else {
    missing.push({ ref: 'missing:estimate', label: 'No estimate', text: 'Write the estimate from the inspection.', href: `${base}?tab=estimates` });
  }

  for (const file of files) facts.push({ ref: `file:${file.id}`, label: 'File', text: file.fileName, href: `${base}?tab=documents` });
  for (const doc of documents)
    facts.push({
      ref: `document:${doc.id}`,
      label: `Document (${doc.kind.replace(/_/g, ' ')})`,
      text: `${doc.title}, ${doc.status}`,
      href: `${base}?tab=documents`,
    });
  if (!settled && !documents.some((d) => d.kind === 'packet'))
    missing.push({
      ref: 'missing:packet',
      label: 'No claim packet yet',
      text: 'Make the claim packet (cover letter, photos, measurements, estimate).',
      href: `${base}?tab=documents`,
    });
  if (ledger) {
    for (const supplement of pendingSupplements(ledger.summary)) {
      missing.push({
        ref: `ledger:supplement:${supplement.id}`,
        label: 'Supplement awaiting the insurer',
        text: `${pendingSupplementText(supplement)} Record the insurer's answer on the Money tab.`,
        href: `${base}?tab=money`,
      });
    }
    const status = project.statusKey && project.status ? { key: project.statusKey, name: project.status } : null;
    for (const disagreement of status ? statusDisagreements(status, ledger.entries, ledger.summary) : []) {
      missing.push({
        ref: `ledger:status:${disagreement.code}`,
        label: 'Status and ledger disagree',
        text: statusDisagreementText(disagreement),
        href: `${base}?tab=money`,
      });
    }
  }
  // On a settled file only what the ledger itself still asks remains.
  const stillMissing = settled ? missing.filter((m) => m.ref.startsWith('ledger:')) : missing;
  for (const entry of activity) {
    facts.push({
      ref: `activity:${entry.id}`,
      label: `Timeline ${formatCalendarDate(entry.createdAt.toISOString().slice(0, 10))}`,
      text: joinPresent([entry.kind.replace(/_/g, ' '), entry.field, entry.newValue, entry.body]),
      href: base,
    });
  }
  return {
    projectId,
    title: project.title,
    facts,
    supplement,
    steepestPitch,
    missing: stillMissing,
    settled: settled ? (ledger?.summary.state === 'paid_in_full' ? 'paid_in_full' : 'closed') : null,
  };
}

/**
 * The money ledger as facts: what the insurer approved (insurerApproved, RCV plus approved
 * supplements) or that it has approved nothing yet (our estimate is not its approval), what was
 * received and what is only expected, kept apart, and each supplement with its answer.
 */
function ledgerFacts({ summary, insurer }: ClaimLedgerRead, base: string): ClaimFact[] {
  const href = `${base}?tab=money`;
  const facts: ClaimFact[] = [];
  const money = insurer
    ? [
        `the insurer approved RCV ${formatUsdCents(insurer.rcvCents)}${insurer.supplementsApprovedCents > 0 ? ` plus ${formatUsdCents(insurer.supplementsApprovedCents)} of approved supplements: ${formatUsdCents(insurer.approvedCents)}` : ''}`,
        insurer.deductibleCents !== null ? `deductible ${formatUsdCents(insurer.deductibleCents)}` : null,
      ]
    : ['the insurer has approved no figure yet: any RCV here is our estimate, not approved'];
  facts.push({
    ref: 'ledger',
    label: 'Money ledger',
    text: joinPresent([
      ...money,
      `received ${formatUsdCents(summary.receivedCents)}`,
      summary.expectedOutstandingCents > 0 ? `expected, not received yet ${formatUsdCents(summary.expectedOutstandingCents)}` : null,
      summary.state === 'paid_in_full' ? 'paid in full' : insurer ? `balance due ${formatUsdCents(summary.balanceDueCents)}` : null,
    ]),
    href,
  });
  for (const supplement of summary.supplements) {
    const answer =
      supplement.status === 'approved'
        ? `approved ${formatUsdCents(supplement.approvedCents ?? 0)}`
        : supplement.status === 'denied'
          ? 'denied'
          : 'neither approved nor denied yet';
    facts.push({
      ref: `ledger:supplement:${supplement.id}`,
      label: 'Supplement on the ledger',
      text: `${supplement.label}: requested ${formatUsdCents(supplement.requestedCents)}, ${answer}`,
      href,
    });
  }
  return facts;
}
