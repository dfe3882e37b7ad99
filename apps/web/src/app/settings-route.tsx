import { PipelineSettings } from '../features/projects/pipeline-settings';
import { EstimatingSettings } from '../features/estimating/estimating-settings';
import SettingsPage, { type SettingsSection } from '../features/settings/settings-page';

/**
 * /settings: the company settings, then a section for the claim file pipeline (and how events move
 * claim files) and one for estimating (the hail-hit threshold, the ice barrier and the price list): three features,
 * composed here, each section reached directly (?section=pipeline) and saving on its own.
 */
const SECTIONS: readonly SettingsSection[] = [
  { value: 'pipeline', label: 'Claim file pipeline', render: () => <PipelineSettings /> },
  { value: 'estimating', label: 'Estimating', render: () => <EstimatingSettings /> },
];

export default function SettingsRoute() {
  return <SettingsPage sections={SECTIONS} />;
}
