import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { GripVertical } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProjectList, ProjectStatus, ProjectSummary } from '@ridgeline/shared/contracts/projects';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { NativeSelect } from '../../components/ui/native-select';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { scrollInstantly, scrollSmoothlyAgain } from './instant-scroll';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useChangeProjectStatus } from './api/change-status';
import { projectsKey } from '../../lib/api/shared-keys';
import { LimitAlert } from '../../components/limit-alert';
import { projectAddress } from './project-table';
import { paths } from '../../lib/paths';
import { NamedOptions } from '../../components/choice-options';

// The pipeline board: one column per visible status, in pipeline order. A card changes status by
// dragging it (mouse, touch, or the keyboard: space to pick up, arrows between columns, space to
// drop) or, with one hand and no dragging, through its "Move to" select. The move shows at once and
// goes back if the server refuses it (a reopened file needs a free slot of the plan).

const listKey = [...projectsKey, 'list'] as const;

/** Arrow keys jump a picked-up card to the middle of the next column left or right. */
const columnCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const direction = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const card = context.collisionRect;
  if (direction === 0 || !card) return undefined;
  event.preventDefault();
  const cardCenter = card.left + card.width / 2;
  const centers = [...context.droppableRects.values()].map((rect) => rect.left + rect.width / 2).sort((a, b) => a - b);
  const target = direction === 1 ? centers.find((center) => center > cardCenter + 1) : centers.reverse().find((center) => center < cardCenter - 1);
  if (target === undefined) return undefined;
  return { x: currentCoordinates.x + (target - cardCenter), y: currentCoordinates.y };
};

type ProjectBoardProps = {
  projects: ProjectSummary[];
  /** The pipeline in order, hidden statuses included (they get no column). */
  statuses: ProjectStatus[];
};

export function ProjectBoard({ projects, statuses }: ProjectBoardProps) {
  const client = useQueryClient();
  const change = useChangeProjectStatus();
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const [moved, setMoved] = useState('');
  const [dragging, setDragging] = useState<ProjectSummary | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates, onActivation: scrollInstantly }),
  );

  const columns = statuses.filter((status) => !status.isHidden).sort((a, b) => a.position - b.position);
  const offBoard = projects.filter((project) => !columns.some((status) => status.id === project.statusId)).length;
  const statusName = (id: UniqueIdentifier | undefined) => statuses.find((status) => status.id === id)?.name ?? 'no status';
  const projectName = (id: UniqueIdentifier) => projects.find((project) => project.id === id)?.homeownerName ?? 'The claim file';

  const move = async (project: ProjectSummary, statusId: string) => {
    if (project.statusId === statusId) return;
    setLimitMessage(null);
    await client.cancelQueries({ queryKey: listKey });
    const before = client.getQueriesData<ProjectList>({ queryKey: listKey });
    client.setQueriesData<ProjectList>({ queryKey: listKey }, (list) =>
      list ? { ...list, projects: list.projects.map((row) => (row.id === project.id ? { ...row, statusId } : row)) } : list,
    );
    change.mutate(
      { id: project.id, statusId },
      {
        onSuccess: () => setMoved(`${project.homeownerName} moved to ${statusName(statusId)}.`),
        onError: (error) => {
          for (const [key, list] of before) client.setQueryData(key, list);
          if (error instanceof ApiError && error.code === 'ACTIVE_FILE_LIMIT') setLimitMessage(errorText(error));
          else notify.error('The claim file was not moved', errorText(error));
        },
      },
    );
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragging(projects.find((project) => project.id === active.id) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    scrollSmoothlyAgain();
    setDragging(null);
    const project = projects.find((row) => row.id === active.id);
    if (project && over) void move(project, String(over.id));
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${projectName(active.id)}, in ${statusName(projects.find((p) => p.id === active.id)?.statusId)}.`,
    onDragOver: ({ active, over }) => (over ? `${projectName(active.id)} is over ${statusName(over.id)}.` : `${projectName(active.id)} is not over a status.`),
    onDragEnd: ({ active, over }) =>
      over ? `${projectName(active.id)} was dropped in ${statusName(over.id)}.` : `${projectName(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${projectName(active.id)} was canceled.`,
  };

  return (
    <div className="flex flex-col gap-3">
      {limitMessage && <LimitAlert message={limitMessage} />}
      {offBoard > 0 && (
        <p className="text-sm text-slate-700">
          {offBoard === 1 ? '1 claim file is' : `${offBoard} claim files are`} in hidden statuses and not on the board: the table lists them.
        </p>
      )}
      <p role="status" className="sr-only">
        {moved}
      </p>
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          scrollSmoothlyAgain();
          setDragging(null);
        }}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move a claim file to another status, press space or enter to pick it up, use the left and right arrow keys to choose the status, then press space or enter to drop it, or escape to cancel.',
          },
        }}
      >
        {/* relative: the screen-reader-only texts of the cards are positioned inside the scroller, not past the page's edge. */}
        <div className="relative -mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-3 md:mx-0 md:px-0" data-testid="project-board">
          {columns.map((status) => (
            <BoardColumn
              key={status.id}
              status={status}
              columns={columns}
              projects={projects.filter((project) => project.statusId === status.id)}
              onMove={move}
            />
          ))}
        </div>
        <DragOverlay>
          {dragging ? (
            <div className={cn(CARD, 'shadow-lg')}>
              <CardBody project={dragging} />
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
    </div>
  );
}

type ColumnProps = {
  status: ProjectStatus;
  columns: ProjectStatus[];
  projects: ProjectSummary[];
  onMove: (project: ProjectSummary, statusId: string) => Promise<void>;
};

function BoardColumn({ status, columns, projects, onMove }: ColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: status.id });
  const headingId = `column-${status.id}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid={`board-column-${status.name}`}
      className={cn('flex w-72 shrink-0 snap-start flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2', isOver && 'border-blue-600 bg-blue-50')}
    >
      <h2 id={headingId} className="flex items-center justify-between gap-2 px-1 text-sm font-semibold text-slate-900">
        <span>{status.name}</span>
        <Badge tone={status.isClosed ? 'success' : 'neutral'}>
          {projects.length}
          <span className="sr-only"> claim files</span>
        </Badge>
      </h2>
      <ul className="flex flex-col gap-2" aria-label={`Claim files in ${status.name}`}>
        {projects.map((project) => (
          <BoardCard key={project.id} project={project} columns={columns} onMove={onMove} />
        ))}
      </ul>
    </section>
  );
}

const CARD = 'flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm';

function CardBody({ project, handle }: { project: ProjectSummary; handle?: ReactNode }) {
  return (
    <div className="flex gap-1">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link to={paths.project(project.id)} className="font-semibold text-blue-800 underline-offset-2 hover:underline">
          {project.homeownerName}
        </Link>
        <span className="text-slate-700">{projectAddress(project)}</span>
        {project.claimNumber && <span className="text-slate-700">Claim {project.claimNumber}</span>}
        {project.carrier && <span className="text-slate-700">{project.carrier.name}</span>}
        <span className="text-slate-700">{project.assignee ? project.assignee.name : 'Unassigned'}</span>
      </div>
      {handle}
    </div>
  );
}

function BoardCard({ project, columns, onMove }: { project: ProjectSummary; columns: ProjectStatus[]; onMove: ColumnProps['onMove'] }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: project.id });
  const selectId = `move-${project.id}`;
  return (
    <li ref={setNodeRef} className={cn(CARD, isDragging && 'opacity-40')} data-testid="board-card">
      <CardBody
        project={project}
        handle={
          <Button ref={setActivatorNodeRef} variant="ghost" size="icon" className="cursor-grab touch-none" {...attributes} {...listeners}>
            <GripVertical aria-hidden="true" className="size-5" />
            <span className="sr-only">Drag {project.homeownerName}</span>
          </Button>
        }
      />
      <Field
        id={selectId}
        label={
          <>
            Move <span className="sr-only">{project.homeownerName} </span>to
          </>
        }
        labelClassName="text-xs font-normal text-slate-700"
      >
        <NativeSelect value={project.statusId} onChange={(event) => void onMove(project, event.target.value)} className="bg-white">
          {!columns.some((status) => status.id === project.statusId) && <option value={project.statusId}>Hidden status</option>}
          <NamedOptions items={columns} />
        </NativeSelect>
      </Field>
    </li>
  );
}
