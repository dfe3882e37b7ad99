import { AreasScreen } from './areas-screen';

/** /field-inspection/:sessionId/areas */
export default function AreasPage() {
  return <AreasScreen offline={false} />;
}
