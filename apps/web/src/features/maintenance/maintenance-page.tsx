import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useMe } from '../../lib/api/me';
import { useMaintenance } from './maintenance-api';
import { useSetMaintenance } from './set-maintenance-api';
import { SiteBannerSection } from './site-banner-section';

/** /admin/maintenance: platform admins switch maintenance mode and set the site banner for every company. */
export default function MaintenancePage() {
  useDocumentTitle('Admin Maintenance');
  const me = useMe();
  const flag = useMaintenance();
  const setFlag = useSetMaintenance();
  const enabled = flag.data?.enabled ?? false;

  if (me.data && me.data.role !== 'admin') {
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold text-slate-900">Admin Maintenance</h1>
        <p className="mt-3 text-slate-700">Only platform admins can switch maintenance mode and set the site banner.</p>
      </div>
    );
  }
  const toggle = () =>
    setFlag.mutate(!enabled, {
      onSuccess: (value) =>
        notify.success(
          value.enabled ? 'Maintenance mode on' : 'Maintenance mode off',
          value.enabled ? 'Non-admins now see the maintenance screen.' : 'Everyone can use Ridgeline again.',
        ),
      onError: (e) => notify.error('Maintenance switch failed', errorText(e)),
    });

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-slate-900">Admin Maintenance</h1>
      <Card aria-labelledby="maintenance-heading" className="p-5">
        <CardTitle id="maintenance-heading">Maintenance mode</CardTitle>
        <CardDescription>
          While it is on, everyone but platform admins sees the maintenance screen and the API answers their calls with 503. Admins keep working and can still
          sign in.
        </CardDescription>
        <p className="mt-3 text-sm">
          Status: <strong>{flag.isPending ? 'checking…' : enabled ? 'On' : 'Off'}</strong>
        </p>
        <Button
          onClick={toggle}
          disabled={flag.isPending || setFlag.isPending}
          className={cn('mt-3', enabled ? 'bg-green-800 hover:bg-green-900' : 'bg-amber-700 hover:bg-amber-800')}
        >
          {enabled ? 'Turn maintenance mode off' : 'Turn maintenance mode on'}
        </Button>
      </Card>
      <SiteBannerSection />
    </div>
  );
}
