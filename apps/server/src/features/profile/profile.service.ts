import { eq } from 'drizzle-orm';
import type { Me, UpdateMeInput } from '@ridgeline/shared/contracts/team';
import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import type { Db } from '../../infra/db/client';
import { members, companies, profiles, user } from '../../infra/db/schema/index';
import type { Storage } from '../../infra/storage/storage';
import type { Actor } from '../../http/context';
import { AppError } from '../../lib/app-error';

/** The signed-in user's own profile with their company. */
export async function getMe(db: Db, actor: Actor): Promise<Me> {
  const [row] = await db
    .select({
      profile: {
        id: profiles.id,
        email: profiles.email,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        avatarUrl: profiles.avatarUrl,
        role: profiles.role,
        isEnabled: profiles.isEnabled,
        companyId: profiles.companyId,
      },
      phone: user.phone,
      companyName: companies.name,
      companyRole: members.role,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .leftJoin(members, eq(members.userId, profiles.userId))
    .leftJoin(companies, eq(companies.id, members.companyId))
    .where(eq(profiles.userId, actor.userId));
  if (!row) throw AppError.notFound('Profile not found');
  const { profile } = row;
  return {
    id: profile.id,
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: row.phone,
    avatarUrl: profile.avatarUrl,
    role: profile.role === 'admin' ? 'admin' : 'contractor',
    isEnabled: profile.isEnabled,
    company:
      profile.companyId && row.companyName && row.companyRole
        ? { id: profile.companyId, name: row.companyName, role: row.companyRole as CompanyRole }
        : null,
  };
}

export async function updateMe(db: Db, actor: Actor, input: UpdateMeInput): Promise<Me> {
  const [current] = await db.select().from(user).where(eq(user.id, actor.userId));
  if (!current) throw AppError.notFound('Profile not found');
  const firstName = input.firstName ?? current.firstName;
  const lastName = input.lastName ?? current.lastName;
  await db
    .update(user)
    .set({
      firstName,
      lastName,
      name: `${firstName} ${lastName}`,
      phone: input.phone === undefined ? current.phone : input.phone || null,
      updatedAt: new Date(),
    })
    .where(eq(user.id, actor.userId));
  return getMe(db, actor);
}

/** Stores the avatar in the public avatars bucket and points the user at it. */
export async function setAvatar(
  db: Db,
  storage: Storage,
  actor: Actor,
  image: { body: Buffer; mime: string; ext: string },
): Promise<Me> {
  const path = `users/${actor.userId}/avatar-${Date.now()}.${image.ext}`;
  await storage.put('avatars', path, image.body, { contentType: image.mime, cacheControl: 'public, max-age=31536000, immutable' });
  const [current] = await db.select({ image: user.image }).from(user).where(eq(user.id, actor.userId));
  await db.update(user).set({ image: storage.url('avatars', path), updatedAt: new Date() }).where(eq(user.id, actor.userId));
  const previousPath = current?.image?.split('/api/storage/avatars/')[1];
  if (previousPath) await storage.remove('avatars', decodeURI(previousPath));
  return getMe(db, actor);
}
