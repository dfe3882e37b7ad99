import { AppError } from '../../lib/app-error';
import { readImageHeader } from '../images/images';
import { detectFileType } from './file-type';

// A project's files are uploaded by its members and delivered by the office (a service order's
// result): both take the bytes through the same checks and store them in the same bucket.

/** The private bucket of project files, read through signed, expiring URLs. */
export const PROJECT_FILES_BUCKET = 'project-files';

/**
 * The types a project file may have, decided from its bytes, each with the name extensions that fit
 * it (the first is used when the given name has none of them). Office's legacy formats (doc, xls,
 * ppt) are all one container type (CFB), so for those the name says which it is.
 */
const PROJECT_FILE_TYPES: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heif', 'heic'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/x-cfb': ['doc', 'xls', 'ppt', 'cfb'],
};

export const UNSUPPORTED_PROJECT_FILE_MESSAGE =
  'This type of file is not accepted. Upload a PDF, an image (JPEG, PNG, WebP, GIF or HEIC) or an Office document (Word, Excel or PowerPoint).';

/**
 * The name a file is stored under: the last part of what the client sent (no folders, no path
 * tricks), with its extension matching the type found in the bytes (estimate.pdf holding a PNG is
 * stored as estimate.png).
 */
export function storedFileName(name: string, extensions: readonly string[]): { fileName: string; ext: string } {
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').trim();
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).trim();
  const given = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const ext = extensions.includes(given) ? given : (extensions[0] ?? 'bin');
  if (stem === '') throw AppError.badRequest('Give the file a name.');
  return { fileName: extensions.includes(given) ? base : `${stem}.${ext}`, ext };
}

export type CheckedProjectFile = { fileName: string; ext: string; mimeType: string };

/**
 * Checks an upload before it is stored: not empty (400), a type of the list found in its bytes (415),
 * an image within the pixel budget (422 IMAGE_TOO_MANY_PIXELS; its header is read, no pixel
 * decoded; an image whose header cannot be read is kept as a file, which the server never decodes),
 * and the name it is stored under.
 */
export async function checkProjectFile(name: string, body: Buffer): Promise<CheckedProjectFile> {
  if (body.length === 0) throw AppError.badRequest('The upload is empty.');
  const type = await detectFileType(body);
  const extensions = type ? PROJECT_FILE_TYPES[type.mime] : undefined;
  if (!type || !extensions) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_PROJECT_FILE_MESSAGE);
  if (type.mime.startsWith('image/')) await readImageHeader(body);
  const { fileName, ext } = storedFileName(name, extensions);
  return { fileName, ext, mimeType: type.mime };
}

/** Where a project's file is stored: projects/{projectId}/{fileId}.{ext}, never over another object. */
export function projectFileObjectPath(projectId: string, fileId: string, ext: string): string {
  return `projects/${projectId}/${fileId}.${ext}`;
}
