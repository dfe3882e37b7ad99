// The project's Documents tab: its reports, packets and proposals, and the links that share them.

export function ProjectDocumentsTab({ projectId }: { projectId: string }) {
  return <p data-project={projectId}>Documents</p>;
}
