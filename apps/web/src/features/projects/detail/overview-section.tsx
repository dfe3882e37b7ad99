import type { ReactNode } from 'react';
import type { Project } from '@ridgeline/shared/contracts/projects';
import { lossTypeLabel } from '@ridgeline/shared/domain/loss-types';
import { SERVICE_TYPES, serviceTypeName } from '@ridgeline/shared/domain/service-types';
import { Card, CardTitle } from '../../../components/ui/card';
import { useTeam } from '../../../lib/api/team';
import { InlineField, type FieldOption } from './inline-field';
import type { EditableField } from './project-fields';
import { TypedCarrierNote } from './typed-carrier';

// The overview: every field of the claim file, grouped as the office reads them, each editable in place.

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <CardTitle id={id}>{title}</CardTitle>
      <dl className="mt-2 grid gap-x-6 sm:grid-cols-2">{children}</dl>
    </Card>
  );
}

/** Keeps the current choice among the options even when the list does not have it (yet). */
function withCurrent(options: FieldOption[], current: { id: string; name: string } | null): FieldOption[] {
  if (!current || options.some((option) => option.value === current.id)) return options;
  return [...options, { value: current.id, label: current.name }];
}

export function OverviewSection({ project }: { project: Project }) {
  const team = useTeam();

  const assigneeOptions: FieldOption[] = [
    { value: '', label: 'Unassigned' },
    ...withCurrent(
      (team.data?.members ?? []).map((member) => ({ value: member.userId, label: member.name })),
      project.assignee,
    ),
  ];
  const known = SERVICE_TYPES.map((type): FieldOption => ({ value: type.value, label: type.name }));
  const serviceOptions: FieldOption[] = [
    { value: '', label: 'None' },
    ...(project.serviceType && !known.some((option) => option.value === project.serviceType)
      ? [...known, { value: project.serviceType, label: serviceTypeName(project.serviceType) }]
      : known),
  ];

  const field = (name: EditableField, options?: FieldOption[], wide = false) => (
    <InlineField key={name} project={project} field={name} options={options} wide={wide} />
  );
  const classified = project.lossTypeSource === 'classified';

  return (
    <div className="flex flex-col gap-4">
      <Group id="overview-homeowner" title="Homeowner">
        {field('homeownerName')}
        {field('homeownerPhone')}
        {field('homeownerEmail')}
      </Group>
      <Group id="overview-property" title="Property">
        {field('street', undefined, true)}
        {field('city')}
        {field('state')}
        {field('zip')}
        {field('latitude')}
        {field('longitude')}
      </Group>
      <Group id="overview-claim" title="Insurance claim">
        {/* Carrier and adjuster are edited together, with the directory's picker. */}
        <InlineField project={project} field="carrierId" wide note={<TypedCarrierNote project={project} />} />
        {field('adjusterId', undefined, true)}
        {field('policyNumber')}
        {field('claimNumber')}
        {field('dateOfLoss')}
        <InlineField
          project={project}
          field="lossType"
          wide
          display={lossTypeLabel(project.lossType)}
          editLabel={classified ? 'Override' : undefined}
          note={classified ? <p className="text-xs text-slate-600">Classified from the description</p> : undefined}
        />
        {field('lossDescription', undefined, true)}
      </Group>
      <Group id="overview-money" title="Money">
        {field('deductibleCents')}
        {field('rcvCents')}
        {field('acvCents')}
        {field('depreciationCents')}
      </Group>
      <Group id="overview-work" title="Our work">
        {field('title', undefined, true)}
        {field('serviceType', serviceOptions)}
        {field('assigneeId', assigneeOptions)}
      </Group>
    </div>
  );
}
