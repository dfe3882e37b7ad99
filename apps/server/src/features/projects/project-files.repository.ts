import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { projectFiles, user } from '../../infra/db/schema/index';
import type { NewProjectFile } from '../../data/project-files';

// Every query filters by company_id: a file is only found within the caller's company.

const fileWithUploader = {
  id: projectFiles.id,
  projectId: projectFiles.projectId,
  objectPath: projectFiles.objectPath,
  fileName: projectFiles.fileName,
  mimeType: projectFiles.mimeType,
  fileSize: projectFiles.fileSize,
  uploadedBy: projectFiles.uploadedBy,
  uploaderName: user.name,
  createdAt: projectFiles.createdAt,
};

/** A stored file (its fields are the data floor's NewProjectFile, less the company) with its uploader's name. */
export type ProjectFileRow = Omit<NewProjectFile, 'companyId'> & { uploaderName: string | null; createdAt: Date };

function selectFiles(db: Db | DbTx) {
  return db.select(fileWithUploader).from(projectFiles).leftJoin(user, eq(user.id, projectFiles.uploadedBy));
}

/** A project's files, newest first. */
export async function listProjectFiles(db: Db | DbTx, companyId: string, projectId: string): Promise<ProjectFileRow[]> {
  return selectFiles(db)
    .where(and(eq(projectFiles.companyId, companyId), eq(projectFiles.projectId, projectId)))
    .orderBy(desc(projectFiles.createdAt), desc(projectFiles.id));
}

/** One file with its uploader's name, only within the company; null for a missing or foreign file. */
export async function findProjectFile(db: Db | DbTx, companyId: string, fileId: string): Promise<ProjectFileRow | null> {
  const [row] = await selectFiles(db).where(and(eq(projectFiles.companyId, companyId), eq(projectFiles.id, fileId)));
  return row ?? null;
}

/** Locks one file of the company for its deletion in this transaction; null for a missing or foreign file. */
export async function lockProjectFile(tx: DbTx, companyId: string, fileId: string) {
  const [row] = await tx
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.companyId, companyId), eq(projectFiles.id, fileId)))
    .for('update');
  return row ?? null;
}

/** Deletes one file row, only within the company. */
export async function deleteProjectFile(tx: DbTx, companyId: string, fileId: string): Promise<void> {
  await tx.delete(projectFiles).where(and(eq(projectFiles.companyId, companyId), eq(projectFiles.id, fileId)));
}
