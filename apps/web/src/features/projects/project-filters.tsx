import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import type { Carrier } from '@ridgeline/shared/contracts/carriers';
import type { ProjectStatus } from '@ridgeline/shared/contracts/projects';
import type { Member } from '@ridgeline/shared/contracts/team';
import type { LossType } from '@ridgeline/shared/domain/loss-types';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { cn } from '../../lib/cn';
import { DEFAULT_FILTERS, NARROWING, type ListFilters, type ProjectSort, type ProjectState } from './list-filters';
import { LossTypeOptions } from '../../components/loss-type-options';
import { NamedOptions } from '../../components/choice-options';

/** How long the search box waits after the last keystroke before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

const STATE_LABELS: Record<ProjectState, string> = { all: 'All', active: 'Active', closed: 'Closed', archived: 'Archived' };
const SORT_LABELS: Record<ProjectSort, string> = {
  created: 'Newest',
  updated: 'Recently updated',
  homeowner: 'Homeowner',
  date_of_loss: 'Date of loss',
  status: 'Status',
};

type ProjectFiltersProps = {
  filters: ListFilters;
  onChange: (patch: Partial<ListFilters>) => void;
  statuses: ProjectStatus[];
  members: Member[];
  carriers: Carrier[];
};

/** The search box and the filters of /projects; on a phone the filters fold away behind a "Filters" button. */
export function ProjectFilters({ filters, onChange, statuses, members, carriers }: ProjectFiltersProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(filters.q);
  const [seenQ, setSeenQ] = useState(filters.q);
  // The URL changed the search (Clear filters, back button): the box shows it.
  if (filters.q !== seenQ) {
    setSeenQ(filters.q);
    setText(filters.q);
  }
  const search = useEffectEvent((q: string) => onChange({ q }));
  useEffect(() => {
    const q = text.trim();
    if (q === filters.q) return;
    const timer = setTimeout(() => search(q), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q]);

  const panelId = `${id}-filters`;
  // The folded panel says how many of its filters are on (the search box stays in view).
  const activeCount = NARROWING.filter((key) => key !== 'q' && filters[key] !== DEFAULT_FILTERS[key]).length;
  return (
    <div className="flex flex-col gap-3" role="search" aria-label="Find claim files">
      <div className="flex items-end gap-2">
        <Field id={`${id}-q`} label="Search" className="flex-1">
          <Input type="search" value={text} placeholder="Homeowner, address, claim number, carrier" onChange={(event) => setText(event.target.value)} />
        </Field>
        <Button variant="secondary" className="md:hidden" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters{activeCount > 0 && ` (${activeCount})`}
        </Button>
      </div>
      <div id={panelId} className={cn('grid-cols-1 gap-3 sm:grid-cols-2 md:grid md:grid-cols-4', open ? 'grid' : 'hidden')}>
        <Field id={`${id}-status`} label="Status">
          <NativeSelect value={filters.statusId} onChange={(event) => onChange({ statusId: event.target.value })}>
            <option value="">Any status</option>
            <NamedOptions items={statuses} />
          </NativeSelect>
        </Field>
        <Field id={`${id}-assignee`} label="Assignee">
          <NativeSelect value={filters.assigneeId} onChange={(event) => onChange({ assigneeId: event.target.value })}>
            <option value="">Anyone</option>
            {members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${id}-carrier`} label="Carrier">
          <NativeSelect value={filters.carrierId} onChange={(event) => onChange({ carrierId: event.target.value })}>
            <option value="">Any carrier</option>
            <NamedOptions items={carriers} />
          </NativeSelect>
        </Field>
        <Field id={`${id}-loss`} label="Loss type">
          <NativeSelect value={filters.lossType} onChange={(event) => onChange({ lossType: event.target.value as LossType | '' })}>
            <option value="">Any loss type</option>
            <LossTypeOptions />
          </NativeSelect>
        </Field>
        <Field id={`${id}-state`} label="Show">
          <NativeSelect value={filters.state} onChange={(event) => onChange({ state: event.target.value as ProjectState })}>
            {(Object.keys(STATE_LABELS) as ProjectState[]).map((state) => (
              <option key={state} value={state}>
                {STATE_LABELS[state]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${id}-sort`} label="Sort by">
          <NativeSelect value={filters.sort} onChange={(event) => onChange({ sort: event.target.value as ProjectSort })}>
            {(Object.keys(SORT_LABELS) as ProjectSort[]).map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${id}-dir`} label="Order">
          <NativeSelect value={filters.dir} onChange={(event) => onChange({ dir: event.target.value === 'asc' ? 'asc' : 'desc' })}>
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
          </NativeSelect>
        </Field>
      </div>
    </div>
  );
}
