import type { CreateTutorialInput, Tutorial, UpdateTutorialInput } from '@ridgeline/shared/contracts/tutorials';
import { tutorialRoutesFor } from '@ridgeline/shared/domain/tutorial-embed';
import type { Actor } from '../../http/context';
import type { Db } from '../../infra/db/client';
import { AppError } from '../../lib/app-error';
import { pick } from '../../lib/pick';
import { STARTER_TUTORIALS } from './starter-tutorials';
import { canSeeInactiveTutorials } from './tutorials.policy';
import {
  claimSettingOnce,
  insertTutorials,
  listActiveOnRoutes,
  listTutorialRows,
  updateTutorialRow,
  type NewTutorial,
  type TutorialRow,
} from './tutorials.repository';

export type TutorialsServiceDeps = { db: Db };

const SEEDED_KEY = 'tutorials_seeded';

function presentTutorial(row: TutorialRow): Tutorial {
  return {
    ...pick(row, ['id', 'pageRoute', 'isActive', 'title', 'description', 'embedCode']),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function newTutorial(input: CreateTutorialInput): NewTutorial {
  return { pageRoute: input.pageRoute, title: input.title, description: input.description ?? null, embedCode: input.embedCode, isActive: input.isActive ?? true };
}

/** Help videos per page; platform admins manage them (the routes guard that). */
export function createTutorialsService({ db }: TutorialsServiceDeps) {
  /** The active tutorials for a page: its own route first, then its section's wildcard (`/projects/*`). */
  async function forRoute(path: string): Promise<Tutorial[]> {
    const routes = tutorialRoutesFor(path);
    const rows = await listActiveOnRoutes(db, routes);
    return routes.flatMap((route) => rows.filter((row) => row.pageRoute === route)).map(presentTutorial);
  }

  /** Every tutorial, for /tutorials; inactive ones only for platform admins. */
  async function list(actor: Actor): Promise<Tutorial[]> {
    return (await listTutorialRows(db, canSeeInactiveTutorials(actor))).map(presentTutorial);
  }

  async function create(input: CreateTutorialInput): Promise<Tutorial> {
    const [row] = await insertTutorials(db, [newTutorial(input)]);
    if (!row) throw new AppError('INTERNAL_ERROR', 'Tutorial insert returned nothing');
    return presentTutorial(row);
  }

  async function update(id: string, patch: UpdateTutorialInput): Promise<Tutorial> {
    const row = await updateTutorialRow(db, id, patch);
    if (!row) throw new AppError('NOT_FOUND', 'Tutorial not found');
    return presentTutorial(row);
  }

  /** Inserts the starter set once per database, so the help button shows on the main pages from day one. */
  async function seedStarterSet(): Promise<void> {
    await db.transaction(async (tx) => {
      if (!(await claimSettingOnce(tx, SEEDED_KEY))) return;
      await insertTutorials(tx, STARTER_TUTORIALS.map(newTutorial));
    });
  }

  return { forRoute, list, create, update, seedStarterSet };
}

export type TutorialsService = ReturnType<typeof createTutorialsService>;
