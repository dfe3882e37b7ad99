import { text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Column shapes every table repeats, written once: the tables stay a list of what is particular
// to them. Each builds exactly the column it replaced, so the schema (and its migrations) is the same.

/** A point in time with its zone: every timestamp column is one. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written, set by the database. */
export const createdAt = () => timestampTz('created_at').notNull().defaultNow();

/** When the row was written and last changed, both set by the database at insert. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: timestampTz('updated_at').notNull().defaultNow() });

/** A required reference to another row by its text id, deleted with that row. */
export const textRef = (name: string, target: () => AnyPgColumn) => text(name).notNull().references(target, { onDelete: 'cascade' });
