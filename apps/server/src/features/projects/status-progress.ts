import {
  STATUS_MOVE_CAUSE_TEXT,
  STATUS_MOVE_REQUIRES,
  STATUS_MOVE_TARGETS,
  isStatusMoveCause,
  type StatusMoveCause,
} from '@ridgeline/shared/domain/status-progress';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { insertActivity } from '../../data/project-activity';
import { publishToCompany } from '../../infra/realtime/publish';
import { AppError } from '../../lib/app-error';
import { findStatus, findStatusByKey, type ProjectStatusRow } from './project-statuses.repository';
import { lockProject, updateProjectRow } from './projects.repository';
import { findStatusMoveMode, setStatusSuggestion } from './status-progress.repository';

// A claim file moves forward by itself (decision 042): an event of its life (the inspection completed
// or converted, the packet shared with the adjuster, the proposal signed, the insurer's figures and
// payments on the ledger, paid in full) names its causes, and the file moves to the status furthest
// along the company's pipeline that one of them points to, only forward, with a timeline entry naming
// the cause. A company that chose "suggest" gets the move offered on the claim file instead (one
// click to accept). Idempotent: a cause already honored finds nothing further to do.

export type StatusMove = {
  companyId: string;
  projectId: string;
  causes: readonly StatusMoveCause[];
  /** Who caused it (null: the homeowner through a link, the product itself). */
  actorId: string | null;
  /**
   * A person asked for this move on the claim file (marked it filed, accepted the move offered): it
   * is made whatever the company chose, "move" or "suggest".
   */
  asked?: boolean;
};

export type StatusMoveResult = 'moved' | 'suggested' | 'stayed';

/** The cause in the timeline's words: "the inspection was completed". */
export const statusMoveCauseText = (cause: StatusMoveCause) => STATUS_MOVE_CAUSE_TEXT[cause];

/** Where a cause may take a claim file now in `from`: its target, when that lies ahead and is in use. */
async function targetOf(tx: DbTx, companyId: string, from: ProjectStatusRow, cause: StatusMoveCause): Promise<ProjectStatusRow | null> {
  const status = await findStatusByKey(tx, companyId, STATUS_MOVE_TARGETS[cause]);
  if (!status || status.isClosed || status.isHidden || status.position <= from.position) return null;
  const required = STATUS_MOVE_REQUIRES[cause];
  if (required) {
    const gate = await findStatusByKey(tx, companyId, required);
    if (gate && from.position < gate.position) return null;
  }
  return status;
}

/**
 * Inside the caller's transaction: moves the claim file forward (or offers the move) for the causes.
 * A file in a closed status, an archived one, or one already at or past every target stays; a target
 * the company closed, hid or deleted is not used. The company's open screens are told (realtime,
 * sent when the transaction commits) so they show the file as it now stands.
 */
export async function progressProjectStatusInTx(tx: DbTx, move: StatusMove): Promise<StatusMoveResult> {
  const { companyId, projectId } = move;
  const project = await lockProject(tx, companyId, projectId);
  if (!project || project.archivedAt !== null) return 'stayed';
  const from = await findStatus(tx, companyId, project.statusId);
  if (!from || from.isClosed) return 'stayed';

  let best: { cause: StatusMoveCause; status: ProjectStatusRow } | null = null;
  for (const cause of move.causes) {
    const status = await targetOf(tx, companyId, from, cause);
    if (status && (!best || status.position > best.status.position)) best = { cause, status };
  }
  if (!best) return 'stayed';
  const { cause, status: target } = best;
  const body = statusMoveCauseText(cause);
  const offered = project.suggestedStatusId ? await findStatus(tx, companyId, project.suggestedStatusId) : null;
  /** The timeline's line and the company's open screens told: the same for a move offered and a move made. */
  const announce = async (kind: 'status_suggested' | 'status_changed') => {
    await insertActivity(tx, { companyId, projectId, actorId: move.actorId, kind, field: 'status', oldValue: from.name, newValue: target.name, body });
    await publishToCompany(tx, { company: companyId, event: { type: 'claim-file-status', projectId } });
  };

  if (!move.asked && (await findStatusMoveMode(tx, companyId)) === 'suggest') {
    // A move offered already that goes as far stays as it is.
    if (offered && offered.position >= target.position) return 'stayed';
    await setStatusSuggestion(tx, companyId, projectId, { statusId: target.id, cause, at: new Date() });
    await announce('status_suggested');
    return 'suggested';
  }
  await updateProjectRow(tx, companyId, projectId, { statusId: target.id });
  if (offered && offered.position <= target.position) await setStatusSuggestion(tx, companyId, projectId, null);
  await announce('status_changed');
  return 'moved';
}

const NOT_FOUND = 'Claim file not found';

/**
 * The claim file's moves forward: the subscribers' entry (subscribers.ts, each move in its own
 * transaction), and what a member asks on the claim file: mark the claim filed with the insurer,
 * accept the move offered, or dismiss it. Every member of the company may, as every member may
 * change a claim file's status; another company's claim file is not found.
 */
export function createStatusProgress({ db }: { db: Db }) {
  /** Runs `work` on the company's claim file, locked; not found when the company has no such file. */
  async function onProject<T>(
    tenant: Tenant,
    projectId: string,
    work: (tx: DbTx, project: NonNullable<Awaited<ReturnType<typeof lockProject>>>) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const project = await lockProject(tx, tenant.companyId, projectId);
      if (!project) throw AppError.notFound(NOT_FOUND);
      return work(tx, project);
    });
  }

  return {
    apply: (move: StatusMove): Promise<StatusMoveResult> => db.transaction((tx) => progressProjectStatusInTx(tx, move)),

    /** The office filed the claim with the insurer (by phone, on the carrier's portal): on to Claim filed. */
    markFiled: (actor: Actor, tenant: Tenant, projectId: string): Promise<StatusMoveResult> =>
      onProject(tenant, projectId, (tx) =>
        progressProjectStatusInTx(tx, { companyId: tenant.companyId, projectId, causes: ['marked_filed'], actorId: actor.userId, asked: true }),
      ),

    /**
     * Accepts the move offered: made for its cause as the pipeline stands now (still only forward). A
     * claim file with no move offered answers 409.
     */
    acceptSuggestion: (actor: Actor, tenant: Tenant, projectId: string): Promise<StatusMoveResult> =>
      onProject(tenant, projectId, async (tx, project) => {
        const cause = project.suggestedStatusCause;
        if (project.suggestedStatusId === null || !isStatusMoveCause(cause)) throw AppError.conflict('This claim file has no status move to accept.');
        const result = await progressProjectStatusInTx(tx, { companyId: tenant.companyId, projectId, causes: [cause], actorId: actor.userId, asked: true });
        // The file got there (or further) another way since: the offer has nothing left to do.
        if (result === 'stayed') await setStatusSuggestion(tx, tenant.companyId, projectId, null);
        return result;
      }),

    /** Leaves the claim file where it is: the move offered is withdrawn (nothing when none is offered). */
    dismissSuggestion: (tenant: Tenant, projectId: string): Promise<void> =>
      onProject(tenant, projectId, async (tx, project) => {
        if (project.suggestedStatusId === null) return;
        await setStatusSuggestion(tx, tenant.companyId, projectId, null);
        await publishToCompany(tx, { company: tenant.companyId, event: { type: 'claim-file-status', projectId } });
      }),
  };
}

export type StatusProgress = ReturnType<typeof createStatusProgress>;
