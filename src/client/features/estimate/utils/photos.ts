import { MAX_ESTIMATE_PHOTO_BYTES, MAX_ESTIMATE_PHOTOS } from '../../../../shared/schemas/estimates';

/**
 * The photos an estimate request may carry, checked as the visitor picks them so a phone does not
 * upload 60 MB to hear "too large": the server checks the same again (and decodes each one).
 */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The file input's `accept`: what phones send, and what their pickers convert HEIC to. */
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');

/** The server's words for a request without photos. */
export const PHOTOS_REQUIRED_MESSAGE = 'Add at least one photo of the work (JPEG, PNG or WebP).';
export const tooManyPhotosMessage = (leftOut: number) => `You can send up to ${MAX_ESTIMATE_PHOTOS} photos: ${leftOut === 1 ? '1 photo was' : `${leftOut} photos were`} left out.`;
export const notAnImageMessage = (name: string) => `${name} is not a photo we can read. Send JPEG, PNG or WebP photos.`;
export const tooLargeMessage = (name: string) => `${name} is larger than 10 MB. Send a smaller photo.`;

interface PickedFile {
  name: string;
  type: string;
  size: number;
}

/**
 * Adds `picked` to `current`: files that are not a JPEG, PNG or WebP, or larger than 10 MB, are
 * left out, and so are those past the sixth photo; `problems` says why, one sentence each.
 */
export function addPhotos<F extends PickedFile>(current: readonly F[], picked: readonly F[]): { photos: F[]; problems: string[] } {
  const photos = [...current];
  const problems: string[] = [];
  let leftOut = 0;
  for (const file of picked) {
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) problems.push(notAnImageMessage(file.name));
    else if (file.size > MAX_ESTIMATE_PHOTO_BYTES) problems.push(tooLargeMessage(file.name));
    else if (photos.length >= MAX_ESTIMATE_PHOTOS) leftOut++;
    else photos.push(file);
  }
  if (leftOut) problems.push(tooManyPhotosMessage(leftOut));
  return { photos, problems };
}
