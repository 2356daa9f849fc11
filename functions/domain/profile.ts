import { checkUploadSize, contentMatchesType, isImageType, type PresignUploadResponse } from '@shared/media';
import { avatarKeyOf, avatarRef, PROFILE_MSG, type AvatarPresign, type UpdateProfile } from '@shared/profile';
import type { Profile } from '@shared/settings';
import { isOwnAvatarKey, newAvatarKey } from '../data/keys';
import { deleteObject, headObject, mediaUrl, presignPost, readObjectHead } from '../data/media';
import { updateProfile, type StoredProfile } from '../data/users';
import { defaultDeps, type Deps } from '../lib/clock';
import { logger } from '../lib/logger';
import { ValidationError } from '../lib/errors';
import { extensionFor, UPLOAD_FORM_TTL_SECONDS, UPLOAD_NOT_FOUND_MESSAGE } from './media';

/**
 * The profile row, and the profile picture, which is either a link the
 * user gave (stored and shown as given) or an image uploaded to our private media bucket (stored as
 * a reference, shown through a presigned GET).
 */

/** The profile as the browser sees it: an uploaded picture becomes a short-lived URL. */
export async function profileForDisplay({ username, bio, website, avatar_url }: Profile, now: Date = new Date()): Promise<Profile> {
  const key = avatarKeyOf(avatar_url);
  return { username, bio, website, avatar_url: key ? await mediaUrl(key, now) : avatar_url };
}

/** A replaced uploaded picture is deleted; a failure only leaves an orphan object, so it is logged. */
async function deleteReplacedAvatar(userId: string, before: StoredProfile, after: StoredProfile): Promise<void> {
  const oldKey = avatarKeyOf(before.avatar_url);
  if (!oldKey || before.avatar_url === after.avatar_url || !isOwnAvatarKey(userId, oldKey)) return;
  try {
    await deleteObject(oldKey);
  } catch (error) {
    logger.warn('Could not delete a replaced profile picture', { error, key: oldKey });
  }
}

async function saveProfile(userId: string, changes: UpdateProfile, deps: Pick<Deps, 'now'>): Promise<Profile> {
  const { before, after } = await updateProfile(userId, changes, deps.now());
  await deleteReplacedAvatar(userId, before, after);
  const { email: _email, ...profile } = after;
  return profileForDisplay(profile, deps.now());
}

/** PATCH /api/profile: username, bio, website, a picture link (or null to remove the picture). */
export function updateUserProfile(userId: string, changes: UpdateProfile, deps: Pick<Deps, 'now'> = defaultDeps): Promise<Profile> {
  return saveProfile(userId, changes, deps);
}

/** Where the browser uploads a new picture: a POST form bound to one key, its image type and ≤ 100 MB. */
export function presignAvatar(userId: string, file: AvatarPresign, deps: Pick<Deps, 'now'> = defaultDeps): Promise<PresignUploadResponse> {
  const key = newAvatarKey(userId, extensionFor(file.file_name, file.file_type), deps.now());
  return presignPost({ key, contentType: file.file_type, fileName: file.file_name, expiresInSeconds: UPLOAD_FORM_TTL_SECONDS });
}

/**
 * The upload finished. We look at what S3 really holds (the form's type and size are what the client
 * declared, and a client can lie): not an image, or too large → the object is deleted and refused. Otherwise it
 * becomes the picture, and the one it replaces is deleted.
 */
export async function confirmAvatar(userId: string, key: string, deps: Pick<Deps, 'now'> = defaultDeps): Promise<Profile> {
  if (!isOwnAvatarKey(userId, key)) throw new ValidationError(UPLOAD_NOT_FOUND_MESSAGE);
  const stored = await headObject(key);
  if (!stored) throw new ValidationError(UPLOAD_NOT_FOUND_MESSAGE);
  const refusal = !isImageType(stored.contentType)
    ? PROFILE_MSG.avatarImagesOnly
    : (checkUploadSize(stored.fileName ?? key.slice(key.lastIndexOf('/') + 1), stored.size) ??
      (contentMatchesType(await readObjectHead(key), stored.contentType) ? null : PROFILE_MSG.avatarImagesOnly));
  if (refusal) {
    await deleteObject(key);
    throw new ValidationError(refusal);
  }
  return saveProfile(userId, { avatar_url: avatarRef(key) }, deps);
}
