import { HOMEOWNER_CONTACT_FIELDS, PROPERTY_ADDRESS_FIELDS } from '@ridgeline/shared/contracts/fields';
import type { ConvertSessionInput, ConvertSessionResult } from '@ridgeline/shared/contracts/estimating';
import type { LossType } from '@ridgeline/shared/domain/loss-types';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { insertInspectionActivity, type NewInspectionActivity } from '../../data/inspection-activity';
import { AppError } from '../../lib/app-error';
import { insertActivity } from '../../data/project-activity';
import { lockSession, type InspectionSessionRow } from '../../data/inspection-session';
import { lockProject, type ProjectRow } from './projects.repository';
import { progressProjectStatusInTx } from './status-progress';
import {
  insertProjectInTx,
  updateProjectInTx,
  usableStatusByKey,
  type CreateProjectData,
  type FieldCarrierName,
  type UpdateProjectData,
} from './projects.service';
import {
  countSessionContents,
  findAdjusterIdByName,
  findCarrierIdByName,
  findLatestEstimateTotals,
  markSessionConverted,
  relinkSessionEstimates,
  relinkSessionMeasurements,
  relinkSessionPhotos,
} from './session-conversion.repository';

// An inspection becomes a claim file in one transaction: the session is locked, the claim file is
// created from its fields (or an existing one is completed with them, never overwritten), and the
// session's photos, measurements and estimates are re-linked to it (rows and files stay: the same ids
// appear on the project). Converting again finds the project the session already points at, so a
// session never makes two claim files, even when two conversions race. The claim file is then
// Inspected, unless it is already further along the pipeline; a carrier typed in the field that the
// directory does not have stays on it by its name.

export type SessionConversionServiceDeps = { db: Db; now?: () => Date };

type Totals = { rcvCents: number; acvCents: number; depreciationCents: number } | null;
type Directory = { carrierId: string | null; adjusterId: string | null };

/** The pipeline status (the default pipeline's key) an inspected claim file moves to, unless it is further along. */
const INSPECTED_STATUS_KEY = 'inspected';

const TITLE_MAX = 160;
const NOT_FOUND = 'Inspection session not found';

const filled = (value: string | null | undefined): value is string => value !== null && value !== undefined && value.trim() !== '';
const emptyText = (value: string | null) => !filled(value);

/** How the session is named in lists and timelines: its street (with the city), else its homeowner. */
function sessionLabel(session: InspectionSessionRow): string {
  if (filled(session.street))
    return [session.street, session.city]
      .filter(filled)
      .map((part) => part.trim())
      .join(', ');
  return (session.homeownerName ?? '').trim();
}

/** A type picked in the field is kept; a classified one (or none) is classified again from the description on the claim file. */
const pickedLossType = (session: InspectionSessionRow): LossType | null => (session.lossTypeSource !== 'classified' ? session.lossType : null);

/** The carrier typed in the field when the directory has no carrier of that name: kept on the claim file. */
const typedCarrierName = (session: InspectionSessionRow, directory: Directory): string | null =>
  directory.carrierId === null && filled(session.carrierName) ? session.carrierName.trim() : null;

/** The claim file's fields from the session's (the project's title is the address, or the homeowner). */
function newProjectFrom(session: InspectionSessionRow, directory: Directory, totals: Totals): CreateProjectData & FieldCarrierName {
  const title = sessionLabel(session).slice(0, TITLE_MAX);
  if (title === '') throw new AppError('UNPROCESSABLE_ENTITY', "Add the property's address or the homeowner's name to the inspection before converting it.");
  return {
    title,
    homeownerName: session.homeownerName ?? '',
    homeownerPhone: session.homeownerPhone,
    homeownerEmail: session.homeownerEmail,
    street: session.street,
    city: session.city,
    state: session.state,
    zip: session.zip,
    latitude: session.latitude,
    longitude: session.longitude,
    carrierId: directory.carrierId,
    carrierName: typedCarrierName(session, directory),
    adjusterId: directory.adjusterId,
    policyNumber: session.policyNumber,
    claimNumber: session.claimNumber,
    dateOfLoss: session.dateOfLoss,
    lossType: pickedLossType(session),
    lossDescription: session.lossDescription,
    deductibleCents: session.deductibleCents,
    rcvCents: totals?.rcvCents ?? null,
    acvCents: totals?.acvCents ?? null,
    depreciationCents: totals?.depreciationCents ?? null,
  };
}

/** The project's empty fields that the session can fill; a field with a value is never overwritten. */
function emptyFieldsFrom(project: ProjectRow, session: InspectionSessionRow, directory: Directory, totals: Totals): UpdateProjectData & FieldCarrierName {
  const patch: UpdateProjectData & FieldCarrierName = {};
  const texts = [...HOMEOWNER_CONTACT_FIELDS, ...PROPERTY_ADDRESS_FIELDS, 'policyNumber', 'claimNumber', 'lossDescription'] as const;
  for (const field of texts) {
    const value = session[field];
    if (emptyText(project[field]) && filled(value)) patch[field] = value;
  }
  if (project.latitude === null && project.longitude === null && session.latitude !== null && session.longitude !== null) {
    patch.latitude = session.latitude;
    patch.longitude = session.longitude;
  }
  if (project.dateOfLoss === null && session.dateOfLoss !== null) patch.dateOfLoss = session.dateOfLoss;
  if (project.deductibleCents === null && session.deductibleCents !== null) patch.deductibleCents = session.deductibleCents;
  if (project.carrierId === null && directory.carrierId !== null) patch.carrierId = directory.carrierId;
  const typed = typedCarrierName(session, directory);
  if (project.carrierId === null && emptyText(project.carrierName) && typed !== null) patch.carrierName = typed;
  if (project.adjusterId === null && directory.adjusterId !== null) patch.adjusterId = directory.adjusterId;
  if (totals) {
    if (project.rcvCents === null) patch.rcvCents = totals.rcvCents;
    if (project.acvCents === null) patch.acvCents = totals.acvCents;
    if (project.depreciationCents === null) patch.depreciationCents = totals.depreciationCents;
  }
  // A claim file whose type was only guessed as 'other' takes the type picked in the field.
  const picked = pickedLossType(session);
  if (project.lossTypeSource === 'classified' && project.lossType === 'other' && picked !== null && picked !== 'other') patch.lossType = picked;
  return patch;
}

/** "Adjuster: name, phone, email" for an adjuster typed in the field who is not in the directory. */
function adjusterNote(session: InspectionSessionRow): string | null {
  const parts = [session.adjusterName, session.adjusterPhone, session.adjusterEmail].filter(filled).map((part) => part.trim());
  return parts.length > 0 ? `Adjuster: ${parts.join(', ')}` : null;
}

export function createSessionConversionService({ db, now = () => new Date() }: SessionConversionServiceDeps) {
  /** The directory's carrier and adjuster for the session: its carrier, or the names typed in the field matched in the directory. */
  async function directoryOf(tx: DbTx, companyId: string, session: InspectionSessionRow): Promise<Directory> {
    const carrierId = session.carrierId ?? (filled(session.carrierName) ? await findCarrierIdByName(tx, companyId, session.carrierName) : null);
    const adjusterId = filled(session.adjusterName) ? await findAdjusterIdByName(tx, companyId, session.adjusterName, carrierId) : null;
    return { carrierId, adjusterId };
  }

  /**
   * Converts the session. 'new': the project the session already points at when it still exists
   * (completed with the session's fields), else a new claim file (the plan's active-file limit
   * applies: 409 and nothing written). 'attach': the company's project given (404 otherwise),
   * completed with the session's fields. Either way the session's photos, measurements and estimates
   * move to it, the session is completed, and both timelines say so.
   */
  async function convert(actor: Actor, tenant: Tenant, sessionId: string, input: ConvertSessionInput): Promise<ConvertSessionResult> {
    const { companyId } = tenant;
    return db.transaction(async (tx) => {
      const session = await lockSession(tx, companyId, sessionId);
      if (!session) throw AppError.notFound(NOT_FOUND);
      const at = now();
      const directory = await directoryOf(tx, companyId, session);
      const totals = await findLatestEstimateTotals(tx, companyId, sessionId);

      const targetId = input.mode === 'attach' ? input.projectId : session.projectId;
      const existing = targetId === null ? null : await lockProject(tx, companyId, targetId);
      if (input.mode === 'attach' && !existing) throw AppError.notFound('Claim file not found');

      let project: ProjectRow;
      if (existing) {
        await updateProjectInTx(tx, actor, tenant, existing.id, emptyFieldsFrom(existing, session, directory, totals));
        project = existing;
      } else {
        // A claim file made from an inspection starts inspected.
        const inspected = await usableStatusByKey(tx, companyId, INSPECTED_STATUS_KEY);
        const fields = { ...newProjectFrom(session, directory, totals), ...(inspected ? { statusId: inspected.id } : {}) };
        const note = directory.adjusterId === null ? adjusterNote(session) : null;
        project = await insertProjectInTx(tx, actor, tenant, fields, note ? `${fields.title}\n${note}` : undefined);
      }

      await relinkSessionPhotos(tx, companyId, sessionId, project.id);
      await relinkSessionMeasurements(tx, companyId, sessionId, project.id);
      await relinkSessionEstimates(tx, companyId, sessionId, project.id);
      const contents = await countSessionContents(tx, companyId, sessionId);

      // A session converted to this project before writes no second timeline entry.
      const alreadyConverted = session.projectId === project.id && session.status === 'completed';
      const completing = session.status !== 'completed';
      const editedAt = (session.fieldEditedAt ?? {}) as Record<string, string>;
      await markSessionConverted(tx, companyId, sessionId, {
        projectId: project.id,
        status: 'completed',
        completedAt: completing ? at : session.completedAt,
        // The completion is an edit of the status at this time: an older offline edit arriving later does not undo it.
        fieldEditedAt: completing ? { ...editedAt, status: at.toISOString() } : editedAt,
        updatedAt: at,
      });
      const sessionActivity: NewInspectionActivity[] = [];
      if (completing)
        sessionActivity.push({
          companyId,
          sessionId,
          actorId: actor.userId,
          kind: 'status_changed',
          field: 'status',
          oldValue: session.status,
          newValue: 'completed',
        });
      if (!alreadyConverted) {
        // An existing claim file (a lead the inspection was started from) moves on to Inspected, unless it
        // is further along; or the move is offered, when the company chose "suggest" (decision 042).
        if (existing) await progressProjectStatusInTx(tx, { companyId, projectId: project.id, causes: ['inspection_converted'], actorId: actor.userId });
        sessionActivity.push({ companyId, sessionId, actorId: actor.userId, kind: 'converted', body: project.title });
        await insertActivity(tx, { companyId, projectId: project.id, actorId: actor.userId, kind: 'inspection_attached', body: sessionLabel(session) || null });
      }
      await insertInspectionActivity(tx, sessionActivity);

      return { projectId: project.id, created: existing === null, ...contents };
    });
  }

  return { convert };
}

export type SessionConversionService = ReturnType<typeof createSessionConversionService>;
