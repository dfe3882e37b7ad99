import { useMutation } from '@tanstack/react-query';
import { feedbackScreenshotSchema, type FeedbackScreenshot } from '@ridgeline/shared/contracts/feedback';
import { api } from '../../../lib/api-client';

// PUT /api/feedback/screenshots?draft=<the form's id> with the image's raw bytes: the server checks it
// (type, size, pixels) and keeps it for the feedback about to be sent, in place of the one the same
// form uploaded before (whose file it deletes).

export function uploadScreenshot({ file, draftId }: { file: File; draftId: string }): Promise<FeedbackScreenshot> {
  return api.put(`/api/feedback/screenshots?draft=${encodeURIComponent(draftId)}`, file, { schema: feedbackScreenshotSchema });
}

export function useUploadScreenshot() {
  return useMutation({ mutationFn: uploadScreenshot });
}
