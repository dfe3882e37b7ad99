import { AreasScreen } from './areas-screen';

/** /field-inspection/:sessionId/areas-offline: the same step with no signal; links lead to the offline capture screens. */
export default function AreasOfflinePage() {
  return <AreasScreen offline />;
}
