import { asc, eq, inArray, and } from 'drizzle-orm';
import type { CreateTutorialInput, Tutorial, UpdateTutorialInput } from '@ridgeline/shared/contracts/tutorials';
import { tutorialRoutesFor } from '@ridgeline/shared/domain/tutorial-embed';
import type { Db } from '../../infra/db/client';
import { appSettings, tutorials } from '../../infra/db/schema/index';
import { AppError } from '../../lib/app-error';

type Row = typeof tutorials.$inferSelect;

const toTutorial = (row: Row): Tutorial => ({
  id: row.id,
  pageRoute: row.pageRoute,
  isActive: row.isActive,
  title: row.title,
  description: row.description,
  embedCode: row.embedCode,
  updatedAt: row.updatedAt.toISOString(),
});

/** The active tutorials for a page: its own route first, then its section's wildcard (`/projects/*`). */
export async function tutorialsForRoute(db: Db, path: string): Promise<Tutorial[]> {
  const routes = tutorialRoutesFor(path);
  const rows = await db
    .select()
    .from(tutorials)
    .where(and(inArray(tutorials.pageRoute, routes), eq(tutorials.isActive, true)))
    .orderBy(asc(tutorials.createdAt));
  return routes.flatMap((route) => rows.filter((row) => row.pageRoute === route)).map(toTutorial);
}

/** Every tutorial, for /tutorials; inactive ones only for platform admins. */
export async function listTutorials(db: Db, includeInactive: boolean): Promise<Tutorial[]> {
  const rows = await db
    .select()
    .from(tutorials)
    .where(includeInactive ? undefined : eq(tutorials.isActive, true))
    .orderBy(asc(tutorials.pageRoute), asc(tutorials.createdAt));
  return rows.map(toTutorial);
}

export async function createTutorial(db: Db, input: CreateTutorialInput): Promise<Tutorial> {
  const [row] = await db
    .insert(tutorials)
    .values({ pageRoute: input.pageRoute, title: input.title, description: input.description ?? null, embedCode: input.embedCode, isActive: input.isActive ?? true })
    .returning();
  if (!row) throw new Error('Tutorial insert returned nothing');
  return toTutorial(row);
}

export async function updateTutorial(db: Db, id: string, patch: UpdateTutorialInput): Promise<Tutorial> {
  const [row] = await db
    .update(tutorials)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(tutorials.id, id))
    .returning();
  if (!row) throw AppError.notFound('Tutorial not found');
  return toTutorial(row);
}

// A starter set so the help button shows on the main pages; admins replace the videos on /tutorials.
const STARTER_SET: CreateTutorialInput[] = [
  { pageRoute: '/dashboard', title: 'Getting around Ridgeline', description: 'Your dashboard, the navigation and where each part of a claim lives.', embedCode: 'https://www.youtube.com/embed/0eyQJ3vhRus' },
  { pageRoute: '/projects', title: 'Working a claim file', description: 'Open a project for a property and move it from lead to paid.', embedCode: 'https://www.youtube.com/embed/UJ-3eCq0ZOw' },
  { pageRoute: '/projects/*', title: 'One claim file', description: 'Timeline, photos, documents, tasks and messages of a project.', embedCode: 'https://www.youtube.com/embed/UJ-3eCq0ZOw' },
  { pageRoute: '/field-inspection', title: 'Inspecting a roof for hail and wind damage', description: 'What to photograph, slope by slope, so the adjuster cannot argue.', embedCode: 'https://www.youtube.com/embed/sKjSUZ6bDhk' },
  { pageRoute: '/photo-reports', title: 'Photo reports adjusters read', description: 'Put photos in the order an adjuster reads them and export a PDF.', embedCode: 'https://www.youtube.com/embed/Hb6vLTqFhzc' },
  { pageRoute: '/messages', title: 'Team chat', description: 'Direct messages, groups, attachments and @mentions.', embedCode: 'https://www.youtube.com/embed/0eyQJ3vhRus' },
  { pageRoute: '/team', title: 'Inviting your team', description: 'Invite office staff and inspectors and choose their roles.', embedCode: 'https://www.youtube.com/embed/0eyQJ3vhRus' },
  { pageRoute: '/settings', title: 'Company settings', description: 'Your company name, phone, address and logo on every report.', embedCode: 'https://www.youtube.com/embed/0eyQJ3vhRus' },
];
const SEEDED_KEY = 'tutorials_seeded';

/** Inserts the starter set once per database (several instances may start together). */
export async function seedStarterTutorials(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(appSettings)
      .values({ key: SEEDED_KEY, value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (!claimed) return;
    await tx.insert(tutorials).values(STARTER_SET.map((t) => ({ pageRoute: t.pageRoute, title: t.title, description: t.description ?? null, embedCode: t.embedCode })));
  });
}
