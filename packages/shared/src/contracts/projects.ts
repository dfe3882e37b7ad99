import { z } from 'zod';
import { calendarDate, idSchema, longText, shortText, singleLineString, updateBody } from './common';
import { centsSchema, optionalContactEmailSchema, optionalContactPhoneSchema, optionalLineSchema, searchTermSchema } from './fields';
import { activeFilesSchema, activityEntrySchema, lossTypeSchema, lossTypeSourceSchema, personRef, projectSummarySchema, taskSchema } from './project-views';

export * from './project-views';

// Claim files (projects), their pipeline statuses, tasks, files and activity timeline.
// Money travels as integer cents; dates of loss and due dates as YYYY-MM-DD.

// ---------------------------------------------------------------------------------------------
// Statuses: GET /api/project-statuses, POST /api/project-statuses, PATCH /api/project-statuses/:id,
// POST /api/project-statuses/reorder, DELETE /api/project-statuses/:id (owners and managers only).

export const projectStatusSchema = z.object({
  id: idSchema,
  key: z.string(),
  name: z.string(),
  position: z.number().int(),
  isClosed: z.boolean(),
  isHidden: z.boolean(),
  /** How many projects are in this status (a status in use cannot be deleted). */
  projectCount: z.number().int(),
});
export type ProjectStatus = z.infer<typeof projectStatusSchema>;
export const projectStatusListSchema = z.object({ statuses: z.array(projectStatusSchema) });
export type ProjectStatusList = z.infer<typeof projectStatusListSchema>;

export const createProjectStatusSchema = z.object({ name: shortText(40), isClosed: z.boolean().optional().default(false) });
export type CreateProjectStatusInput = z.input<typeof createProjectStatusSchema>;
export const updateProjectStatusSchema = updateBody({ name: shortText(40).optional(), isClosed: z.boolean().optional(), isHidden: z.boolean().optional() });
export type UpdateProjectStatusInput = z.input<typeof updateProjectStatusSchema>;
/** Every status id of the company, in the new order. */
export const reorderProjectStatusesSchema = z.object({ ids: z.array(z.uuid()).min(1).max(100) });
export type ReorderProjectStatusesInput = z.infer<typeof reorderProjectStatusesSchema>;

// ---------------------------------------------------------------------------------------------
// Projects.

/** GET /api/projects/:id: every field of the claim file. */
export const projectSchema = projectSummarySchema.extend({
  homeownerPhone: z.string().nullable(),
  homeownerEmail: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  adjuster: z.object({ id: idSchema, name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }).nullable(),
  /** The carrier named in the field when it is not in the directory (null while `carrier` is set). */
  carrierName: z.string().nullable(),
  policyNumber: z.string().nullable(),
  lossTypeSource: lossTypeSourceSchema,
  lossDescription: z.string().nullable(),
  deductibleCents: z.number().int().nullable(),
  acvCents: z.number().int().nullable(),
  depreciationCents: z.number().int().nullable(),
  serviceType: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdBy: personRef,
  /**
   * A move forward offered by the claim file's events when the company chose "suggest" (decision
   * 042): the status, the cause in words; accepted in one click (POST .../status-suggestion/accept) or dismissed (DELETE .../status-suggestion).
   */
  statusSuggestion: z.object({ statusId: idSchema, statusName: z.string(), cause: z.string(), suggestedAt: z.string() }).nullable().default(null),
});
export type Project = z.infer<typeof projectSchema>;

/** The editable fields, shared by create and update. */
const projectFields = {
  title: shortText(160),
  homeownerName: shortText(120),
  homeownerPhone: optionalContactPhoneSchema,
  homeownerEmail: optionalContactEmailSchema,
  street: shortText(200),
  city: optionalLineSchema(100),
  state: optionalLineSchema(40),
  zip: optionalLineSchema(20),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  carrierId: z.uuid().nullable().optional(),
  adjusterId: z.uuid().nullable().optional(),
  policyNumber: optionalLineSchema(60),
  claimNumber: optionalLineSchema(60),
  dateOfLoss: calendarDate().nullable().optional(),
  /** Leave out (or null) to classify the loss description with the shared rules. */
  lossType: lossTypeSchema.nullable().optional(),
  lossDescription: longText(2000).nullable().optional(),
  deductibleCents: centsSchema.nullable().optional(),
  rcvCents: centsSchema.nullable().optional(),
  acvCents: centsSchema.nullable().optional(),
  depreciationCents: centsSchema.nullable().optional(),
  serviceType: singleLineString()
    .trim()
    .max(60)
    .regex(/^[a-z0-9_]*$/, 'Use lowercase letters, digits and underscores')
    .nullable()
    .optional(),
  assigneeId: idSchema.nullable().optional(),
};

/** POST /api/projects: 201 with the project; 409 ACTIVE_FILE_LIMIT when the plan has no free slot. */
export const createProjectSchema = z.object({ ...projectFields, statusId: z.uuid().optional() });
export type CreateProjectInput = z.input<typeof createProjectSchema>;

/** PATCH /api/projects/:id: any subset of the fields; each change is a field_changed activity. */
export const updateProjectSchema = updateBody({
  title: projectFields.title.optional(),
  homeownerName: projectFields.homeownerName.optional(),
  street: projectFields.street.optional(),
  homeownerPhone: projectFields.homeownerPhone,
  homeownerEmail: projectFields.homeownerEmail,
  city: projectFields.city,
  state: projectFields.state,
  zip: projectFields.zip,
  latitude: projectFields.latitude,
  longitude: projectFields.longitude,
  carrierId: projectFields.carrierId,
  adjusterId: projectFields.adjusterId,
  policyNumber: projectFields.policyNumber,
  claimNumber: projectFields.claimNumber,
  dateOfLoss: projectFields.dateOfLoss,
  lossType: projectFields.lossType,
  lossDescription: projectFields.lossDescription,
  deductibleCents: projectFields.deductibleCents,
  rcvCents: projectFields.rcvCents,
  acvCents: projectFields.acvCents,
  depreciationCents: projectFields.depreciationCents,
  serviceType: projectFields.serviceType,
  assigneeId: projectFields.assigneeId,
});
export type UpdateProjectInput = z.input<typeof updateProjectSchema>;

/** POST /api/projects/:id/status: moving into an open status from a closed one needs a free slot (409). */
export const changeProjectStatusSchema = z.object({ statusId: z.uuid() });
export type ChangeProjectStatusInput = z.infer<typeof changeProjectStatusSchema>;

// POST /api/projects/:id/archive and /unarchive take no body; unarchiving needs a free slot (409).

export const PROJECT_SORTS = ['created', 'updated', 'homeowner', 'date_of_loss', 'status'] as const;
export const PROJECT_STATES = ['active', 'closed', 'archived', 'all'] as const;
export const PROJECT_PAGE_SIZES = [25, 50, 100] as const;

/** GET /api/projects and GET /api/projects/export.csv (same filters, every matching row, no paging). */
export const projectListQuerySchema = z.object({
  /** Matches homeowner, address, claim number or carrier name. */
  q: searchTermSchema(120).optional(),
  statusId: z.uuid().optional(),
  assigneeId: idSchema.optional(),
  carrierId: z.uuid().optional(),
  lossType: lossTypeSchema.optional(),
  state: z.enum(PROJECT_STATES).default('all'),
  sort: z.enum(PROJECT_SORTS).default('created'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (PROJECT_PAGE_SIZES as readonly number[]).includes(size), 'Page size is 25, 50 or 100')
    .default(50),
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

export const projectListSchema = z.object({
  projects: z.array(projectSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  activeFiles: activeFilesSchema,
});
export type ProjectList = z.infer<typeof projectListSchema>;

// ---------------------------------------------------------------------------------------------
// Activity: GET /api/projects/:id/activity[?field=name] (newest first), POST /api/projects/:id/notes.

export const activityListSchema = z.object({ activity: z.array(activityEntrySchema) });
export type ActivityList = z.infer<typeof activityListSchema>;
export const activityQuerySchema = z.object({ field: singleLineString().max(40).optional() });
export const addNoteSchema = z.object({ body: longText(4000).pipe(z.string().min(1, 'Write a note first')) });
export type AddNoteInput = z.input<typeof addNoteSchema>;

// ---------------------------------------------------------------------------------------------
// Tasks: GET/POST /api/projects/:id/tasks, PATCH/DELETE /api/tasks/:id, GET /api/tasks/mine.

export const taskListSchema = z.object({ tasks: z.array(taskSchema) });
export type TaskList = z.infer<typeof taskListSchema>;
export const createTaskSchema = z.object({
  title: shortText(200),
  dueDate: calendarDate().nullable().optional(),
  assigneeId: idSchema.nullable().optional(),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;
export const updateTaskSchema = updateBody({
  title: shortText(200).optional(),
  dueDate: calendarDate().nullable().optional(),
  assigneeId: idSchema.nullable().optional(),
  done: z.boolean().optional(),
});
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;

// ---------------------------------------------------------------------------------------------
// Files: GET /api/projects/:id/files; PUT /api/projects/:id/files?name=<file name> with the raw bytes
// as the body (PDF, images, Office documents; type from the bytes; PROJECT_FILE_MAX_MB); DELETE
// /api/project-files/:id. Downloads go through the signed, expiring `url`.

export const projectFileSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  fileName: z.string(),
  mimeType: z.string(),
  fileSize: z.number().int(),
  uploadedBy: personRef,
  createdAt: z.string(),
  /** Signed download URL, valid for a few minutes. */
  url: z.string(),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;
export const projectFileListSchema = z.object({ files: z.array(projectFileSchema) });
export type ProjectFileList = z.infer<typeof projectFileListSchema>;
export const uploadProjectFileQuerySchema = z.object({ name: shortText(200) });
