import { useProjectFiles } from '../features/projects/api/files';
import { ServiceOrdersPanel } from '../features/billing/service-orders-panel';

// The project's Services tab: billing's service orders, with each delivered file's download link
// taken from the project's files (two features side by side; the app puts them together).

export function ProjectServicesTab({ projectId }: { projectId: string }) {
  const files = useProjectFiles(projectId);
  const fileUrl = (fileId: string) => files.data?.files.find((file) => file.id === fileId)?.url;
  return <ServiceOrdersPanel projectId={projectId} fileUrl={fileUrl} />;
}
