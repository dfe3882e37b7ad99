import { randomUUID } from 'node:crypto';
import type { ProjectFile } from '@ridgeline/shared/contracts/projects';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db } from '../../infra/db/client';
import { insertProjectFile } from '../../data/project-files';
import { checkProjectFile, projectFileObjectPath, PROJECT_FILES_BUCKET as BUCKET } from '../../infra/storage/project-files';
import type { Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { insertActivity } from '../../data/project-activity';
import { deleteProjectFile, findProjectFile, listProjectFiles, lockProjectFile, type ProjectFileRow } from './project-files.repository';
import { findProjectRef, lockProjectRef } from './project-tasks.repository';
import { assertCanDeleteProjectFile } from './projects.policy';

export type ProjectFilesServiceDeps = { db: Db; storage: Storage; logger: Pick<Logger, 'warn'> };

/** Download links stay valid for five minutes. */
const URL_SECONDS = 300;

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
    if (!(await findProjectRef(db, tenant.companyId, projectId))) throw AppError.notFound('Claim file not found');
    return (await listProjectFiles(db, tenant.companyId, projectId)).map(present);
  }

  /**
   * Stores the bytes under projects/{projectId}/{fileId}.{ext} (never over another object), then the
   * row and its activity in one transaction; when that fails the object is removed again.
   */
  async function upload(actor: Actor, tenant: Tenant, projectId: string, name: string, body: Buffer): Promise<ProjectFile> {
    if (!(await findProjectRef(db, tenant.companyId, projectId))) throw AppError.notFound('Claim file not found');
    const { fileName, ext, mimeType } = await checkProjectFile(name, body);

    const id = randomUUID();
    const objectPath = projectFileObjectPath(projectId, id, ext);
    await storage.put(BUCKET, objectPath, body, { contentType: mimeType });
    try {
      await db.transaction(async (tx) => {
        if (!(await lockProjectRef(tx, tenant.companyId, projectId))) throw AppError.notFound('Claim file not found');
        await insertProjectFile(tx, {
          id,
          companyId: tenant.companyId,
          projectId,
          objectPath,
          fileName,
          mimeType,
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
      assertCanDeleteProjectFile(actor, tenant, file);
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
