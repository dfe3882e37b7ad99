import { DetailsScreen } from './details-screen';

/** /field-inspection/new: start an inspection (from a project with ?projectId=). */
export default function NewInspectionPage() {
  return <DetailsScreen offline={false} />;
}
