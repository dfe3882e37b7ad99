import { ensureTemplateDatabase } from './template-database';
import { testServerUrl } from './test-database';

/** Vitest global setup: builds the migrated template once, before the test files start copying it. */
export default async function setup(): Promise<void> {
  await ensureTemplateDatabase(testServerUrl());
}
