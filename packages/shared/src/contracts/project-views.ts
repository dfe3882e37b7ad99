import { z } from 'zod';
import { LOSS_TYPE_VALUES } from '../domain/loss-type-list';
import { PLAN_IDS } from '../domain/plans';
import { idSchema } from './common';

// The read shapes of claim files that several screens show (the list, the board, the dashboard, a
// carrier's page): kept apart from the write contracts so a screen that only reads them loads only them.
// `contracts/projects.ts` re-exports everything here.

export const lossTypeSchema = z.enum(LOSS_TYPE_VALUES);

/** How the loss type was set: picked from the list, classified from the description, or a classification overridden. */
export const lossTypeSourceSchema = z.enum(['chosen', 'classified', 'overridden']);
export type LossTypeSource = z.infer<typeof lossTypeSourceSchema>;

export const activeFilesSchema = z.object({
  active: z.number().int(),
  limit: z.number().int(),
  plan: z.enum(PLAN_IDS),
  planName: z.string(),
  trialing: z.boolean(),
});
export type ActiveFiles = z.infer<typeof activeFilesSchema>;

export const personRef = z.object({ id: idSchema, name: z.string() }).nullable();

/** A row of the list and a card of the board. */
export const projectSummarySchema = z.object({
  id: idSchema,
  title: z.string(),
  homeownerName: z.string(),
  street: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  claimNumber: z.string().nullable(),
  carrier: personRef,
  lossType: lossTypeSchema,
  dateOfLoss: z.string().nullable(),
  statusId: idSchema,
  assignee: personRef,
  isActive: z.boolean(),
  archivedAt: z.string().nullable(),
  rcvCents: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const ACTIVITY_KINDS = [
  'created',
  'status_changed',
  'field_changed',
  'note',
  'task_created',
  'task_completed',
  'task_reopened',
  'task_deleted',
  'file_uploaded',
  'file_deleted',
  'archived',
  'unarchived',
  'inspection_attached',
  /** The homeowner signed a proposal through its link (no actor; the body says who, which option, how much). */
  'proposal_signed',
  /** A service (Xact360, Copy-Over, ...) ordered, cancelled with its refund, or delivered; the body names it. */
  'service_ordered',
  'service_cancelled',
  'service_delivered',
  /** A shingle identification was saved to the claim file; the body names the top candidate and the confidence. */
  'shingle_identified',
  /**
   * A move forward offered (the company's status moves "suggest"): old and new value are the statuses'
   * names, the body the cause. A status_changed entry with a body is a move made by itself, for that cause.
   */
  'status_suggested',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const activityEntrySchema = z.object({
  id: idSchema,
  projectId: idSchema,
  kind: z.enum(ACTIVITY_KINDS),
  actor: personRef,
  /** For field_changed: the field's name as in the contract (homeownerName, claimNumber...); for status_changed: 'status'. */
  field: z.string().nullable(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  /** A note's text, a task's title, a file's name. */
  body: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const taskSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  projectTitle: z.string(),
  title: z.string(),
  dueDate: z.string().nullable(),
  assignee: personRef,
  done: z.boolean(),
  /** Not done and due before today. */
  overdue: z.boolean(),
  createdAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;
