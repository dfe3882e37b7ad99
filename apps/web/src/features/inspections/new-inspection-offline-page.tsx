import { DetailsScreen } from './details-screen';

/** /field-inspection/new-offline: start an inspection with no signal; nothing here waits on the network. */
export default function NewInspectionOfflinePage() {
  return <DetailsScreen offline />;
}
