// Placeholder replaced by its owner in this change (issue 12); not shipped as is.
export function ProjectMeasurements({ projectId }: { projectId: string }) {
  return <p>{projectId}</p>;
}
