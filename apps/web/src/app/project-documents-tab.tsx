import { ProjectProposals } from '../features/proposals/project-proposals';
import { ProjectReports } from '../features/reports/project-reports';
import { ShareLinksPanel } from '../features/sharing/share-links-panel';

// The project's Documents tab: its reports and packets, its proposals, and the links that share them
// (three features side by side; the app puts them together).

export function ProjectDocumentsTab({ projectId }: { projectId: string }) {
  return (
    <div className="grid gap-6">
      <ProjectReports projectId={projectId} />
      <ProjectProposals projectId={projectId} />
      <ShareLinksPanel projectId={projectId} />
    </div>
  );
}
