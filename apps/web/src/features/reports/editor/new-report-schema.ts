import { z } from 'zod';
import { createReportSchema, type CreateReportInput } from '@ridgeline/shared/contracts/documents';
import { shortText } from '@ridgeline/shared/contracts/common';

// The new report form: a claim file or an inspection to make it from, and its title. What it sends
// is the shared contract's create input (kind advanced), checked by that schema too.

export const newReportFormSchema = z
  .object({
    source: z.enum(['project', 'session']),
    projectId: z.string(),
    sessionId: z.string(),
    title: shortText(160),
  })
  .superRefine((value, ctx) => {
    const key = value.source === 'project' ? 'projectId' : 'sessionId';
    if (!z.uuid().safeParse(value[key]).success)
      ctx.addIssue({ code: 'custom', path: [key], message: value.source === 'project' ? 'Choose a claim file' : 'Choose an inspection' });
  });
export type NewReportForm = z.input<typeof newReportFormSchema>;

export function toCreateInput(value: z.output<typeof newReportFormSchema>): CreateReportInput {
  const input: CreateReportInput =
    value.source === 'project'
      ? { kind: 'advanced', projectId: value.projectId, title: value.title }
      : { kind: 'advanced', sessionId: value.sessionId, title: value.title };
  return createReportSchema.parse(input);
}
