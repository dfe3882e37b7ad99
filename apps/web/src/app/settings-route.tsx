import { PipelineSettings } from '../features/projects/pipeline-settings';
import { EstimatingSettings } from '../features/estimating/estimating-settings';
import SettingsPage from '../features/settings/settings-page';

/** /settings: the company settings with the project pipeline, the hail-hit threshold and the price list (three features, composed here). */
export default function SettingsRoute() {
  return (
    <SettingsPage>
      <PipelineSettings />
      <EstimatingSettings />
    </SettingsPage>
  );
}
