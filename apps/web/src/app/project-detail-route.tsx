import { lazy, Suspense } from 'react';
import ProjectDetailPage from '../features/projects/detail/project-detail-page';

// /projects/:id: the project page with the project's photos in its Photos tab (the projects feature
// does not know the inspections feature; the app puts them together). The gallery's code loads when
// the tab is opened.

const PhotoGallery = lazy(() => import('../features/inspections/gallery/photo-gallery').then((m) => ({ default: m.PhotoGallery })));

function projectPhotos(projectId: string) {
  return (
    <Suspense fallback={<p role="status">Loading photos…</p>}>
      <PhotoGallery source={{ kind: 'project', id: projectId }} title="Project photos" />
    </Suspense>
  );
}

export default function ProjectDetailRoute() {
  return <ProjectDetailPage photos={projectPhotos} />;
}
