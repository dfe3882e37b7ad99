import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** The claim file a saved identification belongs to, linked; nothing when it has none. */
export function ClaimFileLine({ project }: { project: { id: string; name: string } | null }) {
  if (!project) return null;
  return (
    <p className="text-sm">
      Claim file:{' '}
      <Link className="text-blue-800 underline" to={paths.project(project.id)}>
        {project.name}
      </Link>
    </p>
  );
}
