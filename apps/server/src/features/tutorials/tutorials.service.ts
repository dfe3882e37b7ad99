import { VIDEO_OR_GUIDE_MESSAGE, type CreateTutorialInput, type Tutorial, type UpdateTutorialInput } from '@ridgeline/shared/contracts/tutorials';
import { tutorialRoutesFor } from '@ridgeline/shared/domain/tutorial-embed';
import type { Actor } from '../../lib/actor';
import type { Db } from '../../infra/db/client';
import { AppError } from '../../lib/app-error';
import { pick } from '../../lib/pick';
import { STAND_IN_VIDEOS, STARTER_TUTORIALS } from './starter-tutorials';
import { canSeeInactiveTutorials } from './tutorials.policy';
import {
  claimSettingOnce,
  insertTutorials,
  listActiveOnRoutes,
  listOnRoutes,
  listTutorialRows,
  lockTutorialRow,
  updateTutorialRow,
  type NewTutorial,
  type TutorialRow,
} from './tutorials.repository';

export type TutorialsServiceDeps = { db: Db };

const SEEDED_KEY = 'tutorials_seeded';
/** Claimed once the starter rows have their written guides (databases seeded before them get them then). */
const GUIDES_KEY = 'tutorials_guides';

function presentTutorial(row: TutorialRow): Tutorial {
  return {
    ...pick(row, ['id', 'pageRoute', 'isActive', 'title', 'description', 'embedCode', 'guide']),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function newTutorial(input: CreateTutorialInput): NewTutorial {
  return {
    pageRoute: input.pageRoute,
    title: input.title,
    description: input.description ?? null,
    embedCode: input.embedCode || null,
    guide: input.guide || null,
    isActive: input.isActive ?? true,
  };
}

/** Help per page, a video, a written guide or both; platform admins manage them (the routes guard that). */
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

  /** Applies an admin's change; a tutorial is never left with neither a video nor a guide (400). */
  async function update(id: string, patch: UpdateTutorialInput): Promise<Tutorial> {
    return db.transaction(async (tx) => {
      const before = await lockTutorialRow(tx, id);
      if (!before) throw new AppError('NOT_FOUND', 'Tutorial not found');
      const embedCode = patch.embedCode === undefined ? before.embedCode : patch.embedCode || null;
      const guide = patch.guide === undefined ? before.guide : patch.guide || null;
      if (!embedCode && !guide) throw AppError.badRequest(VIDEO_OR_GUIDE_MESSAGE);
      const row = await updateTutorialRow(tx, id, { ...patch, embedCode, guide });
      if (!row) throw new AppError('NOT_FOUND', 'Tutorial not found');
      return presentTutorial(row);
    });
  }

  /**
   * Inserts the starter set once per database, so the help button shows on the main pages from day
   * one. A database seeded before the written guides gets them once: each starter row no admin has
   * changed (its starter title, no guide yet) takes its guide and description, and a stand-in video
   * (one video shown for several pages) is dropped for the guide.
   */
  async function seedStarterSet(): Promise<void> {
    await db.transaction(async (tx) => {
      const fresh = await claimSettingOnce(tx, SEEDED_KEY);
      if (fresh) await insertTutorials(tx, STARTER_TUTORIALS.map(newTutorial));
      if (!(await claimSettingOnce(tx, GUIDES_KEY)) || fresh) return;
      const rows = await listOnRoutes(
        tx,
        STARTER_TUTORIALS.map((starter) => starter.pageRoute),
      );
      for (const starter of STARTER_TUTORIALS) {
        for (const row of rows.filter(
          (candidate) => candidate.pageRoute === starter.pageRoute && candidate.title === starter.title && candidate.guide === null,
        )) {
          const standIn = STAND_IN_VIDEOS.some((video) => video.pageRoute === row.pageRoute && video.embedCode === row.embedCode);
          await updateTutorialRow(tx, row.id, {
            description: starter.description ?? null,
            guide: starter.guide ?? null,
            embedCode: standIn ? null : row.embedCode,
          });
        }
      }
    });
  }

  return { forRoute, list, create, update, seedStarterSet };
}

export type TutorialsService = ReturnType<typeof createTutorialsService>;
