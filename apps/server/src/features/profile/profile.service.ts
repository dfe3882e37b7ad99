import type { Me, UpdateMeInput } from '@ridgeline/shared/contracts/team';
import { displayName, isBanActive } from '@ridgeline/shared/domain/users';
import type { Actor, Identity } from '../../lib/actor';
import type { Db } from '../../infra/db/client';
import type { DetectedType } from '../../infra/storage/file-type';
import type { Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import { pick } from '../../lib/pick';
import { findProfile, updateUser, type ProfileRow } from './profile.repository';
import { profileOwner } from './profile.policy';

export type ProfileServiceDeps = { db: Db; storage: Storage };

const AVATAR_URL_MARKER = '/api/storage/avatars/';

/** What presenting a profile reads: the profile row's fields, which the identity also carries. */
type MeFields = Pick<
  ProfileRow,
  'id' | 'email' | 'firstName' | 'lastName' | 'phone' | 'image' | 'role' | 'banned' | 'banExpires' | 'companyId' | 'companyName' | 'companyRole'
>;

function presentMe(row: MeFields): Me {
  return {
    ...pick(row, ['id', 'email', 'firstName', 'lastName', 'phone']),
    avatarUrl: row.image,
    role: row.role === 'admin' ? 'admin' : 'contractor',
    isEnabled: !isBanActive(row),
    company: row.companyId && row.companyName && row.companyRole ? { id: row.companyId, name: row.companyName, role: row.companyRole } : null,
  };
}

/** The signed-in user's own profile: each use case acts on the actor alone. */
export function createProfileService({ db, storage }: ProfileServiceDeps) {
  /** The signed-in user's profile from the identity this request already read (no query of its own). */
  function meOf(identity: Identity): Me {
    return presentMe({
      ...identity.profile,
      id: identity.userId,
      email: identity.email,
      role: identity.role,
      banned: identity.banned,
      banExpires: identity.banExpires,
      companyId: identity.tenant?.companyId ?? null,
      companyRole: identity.tenant?.role ?? null,
    });
  }

  async function getMe(actor: Actor): Promise<Me> {
    const row = await findProfile(db, profileOwner(actor));
    if (!row) throw new AppError('NOT_FOUND', 'Profile not found');
    return presentMe(row);
  }

  /** Omitted fields stay; an empty phone clears it; the account name follows the first and last name. */
  async function updateMe(actor: Actor, input: UpdateMeInput): Promise<Me> {
    const userId = profileOwner(actor);
    const current = await findProfile(db, userId);
    if (!current) throw new AppError('NOT_FOUND', 'Profile not found');
    const firstName = input.firstName ?? current.firstName;
    const lastName = input.lastName ?? current.lastName;
    await updateUser(db, userId, {
      firstName,
      lastName,
      name: displayName({ firstName, lastName }),
      phone: input.phone === undefined ? current.phone : input.phone || null,
    });
    return getMe(actor);
  }

  /** Stores the avatar in the public avatars bucket, points the user at it and removes the old one. */
  async function setAvatar(actor: Actor, image: DetectedType & { body: Buffer }): Promise<Me> {
    const userId = profileOwner(actor);
    const path = `users/${userId}/avatar-${Date.now()}.${image.ext}`;
    await storage.put('avatars', path, image.body, { contentType: image.mime, cacheControl: 'public, max-age=31536000, immutable' });
    const current = await findProfile(db, userId);
    await updateUser(db, userId, { image: storage.url('avatars', path) });
    const previousPath = current?.image?.split(AVATAR_URL_MARKER)[1];
    if (previousPath) await storage.remove('avatars', decodeURI(previousPath));
    return getMe(actor);
  }

  return { meOf, updateMe, setAvatar };
}

export type ProfileService = ReturnType<typeof createProfileService>;
