import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';
import { companyRef } from './companies';

/**
 * Bytes uploaded in the current hour per key (a user's files, a user's feedback screenshots, a
 * company's uploads), shared by every instance: a fixed hour from the first upload of the window.
 * `bytes` is bigint, unlike the rate-limit counters: an hour of a rep's photos is several GB.
 */
export const uploadByteCounts = pgTable('upload_byte_counts', {
  key: text('key').primaryKey(),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  windowStart: timestampTz('window_start').notNull().defaultNow(),
});

/**
 * What a company keeps in storage, in bytes: the sum of the sizes recorded with its files (photos,
 * claim files' files, measurement reports, chat attachments, feedback screenshots, shingle photos,
 * rendered documents). Triggers on those tables keep it in the transaction of every insert, change
 * of size and delete (migration 0024), so no feature writes it and no path can forget it.
 */
export const companyStorage = pgTable('company_storage', {
  companyId: companyRef().primaryKey(),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
});
