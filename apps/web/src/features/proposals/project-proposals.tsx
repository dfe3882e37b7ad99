// The claim file's proposals for the homeowner: build one from an estimate, its PDF, its signature.

export function ProjectProposals({ projectId }: { projectId: string }) {
  return <section aria-label="Proposals" data-project={projectId} />;
}
