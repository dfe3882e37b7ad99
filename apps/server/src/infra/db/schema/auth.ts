import { boolean, index, integer, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PlatformRole } from '@ridgeline/shared/domain/roles';
import { createdAt, textRef, timestampTz, timestamps } from './columns';

// better-auth's tables (core + admin, twoFactor, jwt plugins). JS keys are the field names
// better-auth uses; columns are snake_case.

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps(),
  role: text('role').$type<PlatformRole>().notNull().default('contractor'),
  banned: boolean('banned').notNull().default(false),
  banReason: text('ban_reason'),
  banExpires: timestampTz('ban_expires'),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone'),
});

/** The index on user_id every better-auth table a user owns has (their sessions, accounts, factors). */
const userIdIndex = (name: string) => (t: { userId: AnyPgColumn }) => [index(name).on(t.userId)];

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestampTz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ...timestamps(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: textRef('user_id', () => user.id),
    impersonatedBy: text('impersonated_by'),
  },
  userIdIndex('session_user_id_idx'),
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: textRef('user_id', () => user.id),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestampTz('access_token_expires_at'),
    refreshTokenExpiresAt: timestampTz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...timestamps(),
  },
  userIdIndex('account_user_id_idx'),
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    ...timestamps(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: textRef('user_id', () => user.id),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestampTz('locked_until'),
  },
  userIdIndex('two_factor_user_idx'),
);

export const jwks = pgTable('jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
  expiresAt: timestampTz('expires_at'),
  alg: text('alg'),
  crv: text('crv'),
});
