import type { DbTx } from '../infra/db/client';
import { projectFiles } from '../infra/db/schema/index';

// A project's files are written by its members' uploads, by a service order's delivery and by the
// render job keeping a signed proposal's copy: one insert they all use. The signed copy has no
// uploader (the homeowner signed it; no user uploaded it).

export type NewProjectFile = {
  id: string;
  companyId: string;
  projectId: string;
  objectPath: string;
  fileName: string;
  mimeType: string;
  fileSize: number;
  uploadedBy: string | null;
};

export async function insertProjectFile(tx: DbTx, file: NewProjectFile): Promise<void> {
  await tx.insert(projectFiles).values(file);
}
