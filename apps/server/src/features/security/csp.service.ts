import type { z } from 'zod';
import type { CspReport, cspViolationSchema } from '@ridgeline/shared/contracts/admin';
import type { Db } from '../../infra/db/client';
import { pick } from '../../lib/pick';
import { insertCspViolation, listRecentCspViolations, type CspViolationRow } from './csp.repository';

export type CspServiceDeps = { db: Db };
/** What the server knows about the sender of a report (kept to tell a real problem from noise). */
export type ReportSender = { userAgent: string | null; ip: string };

const LIST_LIMIT = 200;
const USER_AGENT_MAX = 512;

function occurredAt(timestamp: number | string | undefined): Date | null {
  if (timestamp === undefined) return null;
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date;
}

function presentReport(row: CspViolationRow): CspReport {
  return {
    ...pick(row, ['id', 'documentUri', 'blockedUri', 'violatedDirective', 'disposition', 'userAgent']),
    occurredAt: row.occurredAt ? row.occurredAt.toISOString() : null,
    receivedAt: row.receivedAt.toISOString(),
  };
}

/** Content-Security-Policy violation reports: browsers file them, platform admins read the newest. */
export function createCspService({ db }: CspServiceDeps) {
  async function record(report: z.output<typeof cspViolationSchema>, sender: ReportSender): Promise<void> {
    await insertCspViolation(db, {
      documentUri: report.documentURI,
      referrer: report.referrer,
      blockedUri: report.blockedURI,
      violatedDirective: report.violatedDirective,
      originalPolicy: report.originalPolicy,
      disposition: report.disposition,
      occurredAt: occurredAt(report.timestamp),
      userAgent: sender.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      ip: sender.ip,
    });
  }

  async function listRecent(): Promise<CspReport[]> {
    return (await listRecentCspViolations(db, LIST_LIMIT)).map(presentReport);
  }

  return { record, listRecent };
}

export type CspService = ReturnType<typeof createCspService>;
