import { randomUUID } from 'node:crypto';
import type { ProjectFile } from '@ridgeline/shared/contracts/projects';
import type { Actor, Tenant } from '../../http/context';
import type { Db } from '../../infra/db/client';
import { detectFileType } from '../../infra/storage/file-type';
import type { Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { insertActivity } from './activity.repository';
import { deleteProjectFile, findProjectFile, insertProjectFile, listProjectFiles, lockProjectFile, type ProjectFileRow } from './project-files.repository';
import { findProjectRef, lockProjectRef } from './project-tasks.repository';

export type ProjectFilesServiceDeps = { db: Db; storage: Storage; logger: Pick<Logger, 'warn'> };

const BUCKET = 'project-files';
/** Download links stay valid for five minutes. */
const URL_SECONDS = 300;

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

/**
 * Files on a company's projects, kept in the private project-files bucket and read through signed,
 * expiring URLs. Any member of the company may upload, list and delete them; each upload and
 * deletion writes a project activity row in the same transaction as the file's row.
 */
export function createProjectFilesService({ db, storage, logger }: ProjectFilesServiceDeps) {
  function present(row: ProjectFileRow): ProjectFile {
    return {
      id: row.id,
      projectId: row.projectId,
      fileName: row.fileName,
      mimeType: row.mimeType,
      fileSize: row.fileSize,
      uploadedBy: row.uploadedBy ? { id: row.uploadedBy, name: row.uploaderName ?? '' } : null,
      createdAt: row.createdAt.toISOString(),
      url: storage.url(BUCKET, row.objectPath, URL_SECONDS),
    };
  }

  async function list(tenant: Tenant, projectId: string): Promise<ProjectFile[]> {
    if (!(await findProjectRef(db, tenant.companyId, projectId))) throw AppError.notFound('Project not found');
    return (await listProjectFiles(db, tenant.companyId, projectId)).map(present);
  }

  /**
   * Stores the bytes under projects/{projectId}/{fileId}.{ext} (never over another object), then the
   * row and its activity in one transaction; when that fails the object is removed again.
   */
  async function upload(actor: Actor, tenant: Tenant, projectId: string, name: string, body: Buffer): Promise<ProjectFile> {
    if (!(await findProjectRef(db, tenant.companyId, projectId))) throw AppError.notFound('Project not found');
    if (body.length === 0) throw AppError.badRequest('The upload is empty.');
    const type = await detectFileType(body);
    const extensions = type ? PROJECT_FILE_TYPES[type.mime] : undefined;
    if (!type || !extensions) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_PROJECT_FILE_MESSAGE);
    const { fileName, ext } = storedFileName(name, extensions);

    const id = randomUUID();
    const objectPath = `projects/${projectId}/${id}.${ext}`;
    await storage.put(BUCKET, objectPath, body, { contentType: type.mime });
    try {
      await db.transaction(async (tx) => {
        if (!(await lockProjectRef(tx, tenant.companyId, projectId))) throw AppError.notFound('Project not found');
        await insertProjectFile(tx, {
          id,
          companyId: tenant.companyId,
          projectId,
          objectPath,
          fileName,
          mimeType: type.mime,
          fileSize: body.length,
          uploadedBy: actor.userId,
        });
        await insertActivity(tx, { companyId: tenant.companyId, projectId, actorId: actor.userId, kind: 'file_uploaded', body: fileName });
      });
    } catch (error) {
      await storage.remove(BUCKET, objectPath).catch((removeError: unknown) => {
        logger.warn({ err: String(removeError), objectPath }, 'could not remove the object of a failed project file upload');
      });
      throw error;
    }
    const row = await findProjectFile(db, tenant.companyId, id);
    if (!row) throw AppError.notFound('File not found');
    return present(row);
  }

  /** Deletes the row and writes its activity in one transaction, then removes the object. */
  async function remove(actor: Actor, tenant: Tenant, fileId: string): Promise<void> {
    const objectPath = await db.transaction(async (tx) => {
      const file = await lockProjectFile(tx, tenant.companyId, fileId);
      if (!file) throw AppError.notFound('File not found');
      await deleteProjectFile(tx, tenant.companyId, fileId);
      await insertActivity(tx, { companyId: tenant.companyId, projectId: file.projectId, actorId: actor.userId, kind: 'file_deleted', body: file.fileName });
      return file.objectPath;
    });
    // The row is gone, so the file is gone for every user; an object left behind is only logged.
    await storage.remove(BUCKET, objectPath).catch((error: unknown) => {
      logger.warn({ err: String(error), objectPath }, 'could not remove the object of a deleted project file');
    });
  }

  return { list, upload, remove };
}

export type ProjectFilesService = ReturnType<typeof createProjectFilesService>;
