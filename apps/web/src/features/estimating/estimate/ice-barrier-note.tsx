import { Link } from 'react-router';
import type { IceBarrierSettingView } from '@ridgeline/shared/contracts/team-views';
import { atEavesSourceText, stateName } from '@ridgeline/shared/domain/ice-barrier';
import { paths } from '../../../lib/paths';

// Beside the formula lines: whether they charge ice barrier at the eaves, why, and where to change it,
// so nobody has to read the basis column to learn the rule the estimate followed.

export function IceBarrierNote({ setting }: { setting: IceBarrierSettingView | null }) {
  if (!setting) return null;
  const where = setting.state ? ` in ${stateName(setting.state)}` : '';
  return (
    <p className="mt-1 text-sm text-slate-700" data-testid="ice-barrier-note">
      {setting.atEaves
        ? `Ice barrier at the eaves${where}: ${setting.eaveWidthFt} ft up the roof.`
        : `No ice barrier at the eaves${where}: only the valleys are lined.`}{' '}
      {atEavesSourceText(setting)}.{' '}
      <Link to={paths.settingsSection('estimating')} className="font-semibold underline">
        Change it in Settings
      </Link>
    </p>
  );
}
