import type { DbTx } from '../infra/db/client';
import { projectFiles } from '../infra/db/schema/index';

// A project's files are written by its members' uploads and by a service order's delivery: one insert both use.

export type NewProjectFile = {
  id: string;
  companyId: string;
  projectId: string;
  objectPath: string;
  fileName: string;
  mimeType: string;
  fileSize: number;
  uploadedBy: string;
};

export async function insertProjectFile(tx: DbTx, file: NewProjectFile): Promise<void> {
  await tx.insert(projectFiles).values(file);
}
