import { PipelineSettings } from '../features/projects/pipeline-settings';
import SettingsPage from '../features/settings/settings-page';

/** /settings: the company settings with the project pipeline (two features, composed here). */
export default function SettingsRoute() {
  return (
    <SettingsPage>
      <PipelineSettings />
    </SettingsPage>
  );
}
