import { useMutation } from '@tanstack/react-query';
import { feedbackScreenshotSchema, type FeedbackScreenshot } from '@ridgeline/shared/contracts/feedback';
import { api } from '../../../lib/api-client';

// PUT /api/feedback/screenshots with the image's raw bytes: the server checks it (type, size, pixels)
// and keeps it for the feedback about to be sent.

export function uploadScreenshot(file: File): Promise<FeedbackScreenshot> {
  return api.put('/api/feedback/screenshots', file, { schema: feedbackScreenshotSchema });
}

export function useUploadScreenshot() {
  return useMutation({ mutationFn: uploadScreenshot });
}
