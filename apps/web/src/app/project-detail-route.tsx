import { lazy, Suspense } from 'react';
import ProjectDetailPage, { type ProjectSection, type ProjectTab } from '../features/projects/detail/project-detail-page';

// /projects/:id: the project page with the other features' views of the project in tabs (the projects
// feature does not know them; the app puts them together). Each tab's code loads when it is opened.

const PhotoGallery = lazy(() => import('../features/inspections/gallery/photo-gallery').then((m) => ({ default: m.PhotoGallery })));

const ProjectInspections = lazy(() => import('../features/inspections/project-inspections').then((m) => ({ default: m.ProjectInspections })));
const ProjectMeasurements = lazy(() => import('../features/estimating/project-measurements').then((m) => ({ default: m.ProjectMeasurements })));
const ProjectThread = lazy(() => import('../features/chat/project-thread').then((m) => ({ default: m.ProjectThread })));
const ProjectDocumentsTab = lazy(() => import('./project-documents-tab').then((m) => ({ default: m.ProjectDocumentsTab })));
const ProjectServicesTab = lazy(() => import('./project-services-tab').then((m) => ({ default: m.ProjectServicesTab })));
const ProjectMoneyTab = lazy(() => import('./project-money-tab').then((m) => ({ default: m.ProjectMoneyTab })));
const ProjectShingleIds = lazy(() => import('../features/shingles/project-shingle-ids').then((m) => ({ default: m.ProjectShingleIds })));
const ProjectEstimates = lazy(() => import('../features/estimating/project-estimates').then((m) => ({ default: m.ProjectEstimates })));

const TABS: readonly ProjectTab[] = [
  {
    value: 'photos',
    label: 'Photos',
    render: (projectId) => (
      <Suspense fallback={<p role="status">Loading photos…</p>}>
        <PhotoGallery source={{ kind: 'project', id: projectId }} title="Claim file photos" />
      </Suspense>
    ),
  },
  {
    value: 'measurements',
    label: 'Measurements',
    render: (projectId) => (
      <Suspense fallback={<p role="status">Loading measurements…</p>}>
        <ProjectMeasurements projectId={projectId} />
      </Suspense>
    ),
  },
  {
    value: 'shingle-id',
    label: 'Shingle ID',
    render: (projectId) => (
      <Suspense fallback={<p role="status">Loading identifications…</p>}>
        <ProjectShingleIds projectId={projectId} />
      </Suspense>
    ),
  },
  {
    value: 'estimates',
    label: 'Estimates',
    render: (projectId) => (
      <Suspense fallback={<p role="status">Loading estimates…</p>}>
        <ProjectEstimates projectId={projectId} />
      </Suspense>
    ),
  },
  {
    value: 'money',
    label: 'Money',
    render: (projectId) => (
      <Suspense fallback={<p role="status">Loading money…</p>}>
        <ProjectMoneyTab projectId={projectId} />
      </Suspense>
    ),
  },
  {
    value: 'documents',
    label: 'Documents',
    render: (projectId) => (
      <Suspense fallback={<p role="status">Loading documents…</p>}>
        <ProjectDocumentsTab projectId={projectId} />
      </Suspense>
    ),
  },
  {
    value: 'services',
    label: 'Services',
    render: (projectId) => (
      <Suspense fallback={<p role="status">Loading services…</p>}>
        <ProjectServicesTab projectId={projectId} />
      </Suspense>
    ),
  },
  {
    value: 'messages',
    label: 'Messages',
    render: (projectId) => (
      <Suspense fallback={<p role="status">Loading messages…</p>}>
        <ProjectThread projectId={projectId} />
      </Suspense>
    ),
  },
];

/** On the claim file itself: its inspections, each linked to its session (and each session back to the claim file). */
const SECTIONS: readonly ProjectSection[] = [
  {
    key: 'inspections',
    render: (projectId) => (
      <Suspense fallback={<p role="status">Loading inspections…</p>}>
        <ProjectInspections projectId={projectId} />
      </Suspense>
    ),
  },
];

export default function ProjectDetailRoute() {
  return <ProjectDetailPage tabs={TABS} sections={SECTIONS} />;
}
