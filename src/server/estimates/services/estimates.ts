import { randomBytes } from 'node:crypto';
import { checkServiceArea } from '../../../shared/service-area';
import { MAX_ESTIMATE_PHOTO_BYTES, MAX_ESTIMATE_PHOTOS, type EstimateFieldsInput } from '../../../shared/schemas/estimates';
import type { Db } from '../../db/client';
import { AppError, ValidationError } from '../../errors';
import { RECAPTCHA_FAILED_MESSAGE, type RecaptchaOutcome } from '../../accounts';
import { acknowledges, queueNewEstimateMessages } from '../../messaging';
import { getSettings } from '../../settings';
import { insertEstimate, type StoredPhoto } from '../repositories/estimates';
import { queuePush, estimateRequestedNotice } from '../../push';

/** A photo as the visitor sent it: its bytes, the name their device gave it, and whether it was cut off at the size limit. */
export interface IncomingPhoto {
  filename: string;
  bytes: Buffer;
  /** The upload went past MAX_ESTIMATE_PHOTO_BYTES and was cut off there. */
  truncated?: boolean;
}

/** A photo decoded and written anew: no metadata block of the original (EXIF, GPS, XMP, ICC comments) survives. */
export interface ProcessedPhoto {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes a photo by its bytes, not its name; null when they are no JPEG, PNG or WebP image. */
export type PhotoProcessor = (bytes: Buffer) => Promise<ProcessedPhoto | null>;

export const NO_PHOTOS_MESSAGE = 'Add at least one photo of the work (JPEG, PNG or WebP).';
export const TOO_MANY_PHOTOS_MESSAGE = `Send at most ${MAX_ESTIMATE_PHOTOS} photos.`;
/** How a message names a photo: its place, and the name the visitor's device gave it. */
const photoName = (n: number, filename: string) => (filename ? `Photo ${n} (${filename.slice(0, 100)})` : `Photo ${n}`);
export const photoTooLargeMessage = (n: number, filename: string) => `${photoName(n, filename)} is larger than 10 MB. Send a smaller photo.`;
export const notAnImageMessage = (n: number, filename: string) => `${photoName(n, filename)} is not a JPEG, PNG or WebP image.`;

const EXTENSIONS: Record<ProcessedPhoto['contentType'], string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export interface SubmitEstimateDeps {
  db: Db;
  now: Date;
  timeZone: string;
  publicUrl: string;
  businessEmail: string;
  textsEnabled: boolean;
  /** reCAPTCHA keys are set (see acknowledges). */
  isBotCheckOn: boolean;
  clientIp: string | null;
  botCheck: () => Promise<RecaptchaOutcome>;
  processPhoto: PhotoProcessor;
}

/** What is wrong with sending `count` photos (none, or more than 6), or null. */
export function photoCountProblem(count: number): string | null {
  if (count === 0) return NO_PHOTOS_MESSAGE;
  if (count > MAX_ESTIMATE_PHOTOS) return TOO_MANY_PHOTOS_MESSAGE;
  return null;
}

/** 1 to 6 photos, each at most 10 MB: refused before any is decoded. */
function checkPhotos(photos: readonly IncomingPhoto[]): void {
  const problem = photoCountProblem(photos.length);
  if (problem) throw new ValidationError(problem, { photos: problem });
  photos.forEach((photo, i) => {
    if (photo.truncated || photo.bytes.length > MAX_ESTIMATE_PHOTO_BYTES) {
      const message = photoTooLargeMessage(i + 1, photo.filename);
      throw new AppError(message, 'PAYLOAD_TOO_LARGE', { photos: message });
    }
  });
}

/**
 * POST /api/estimates: a request for a free estimate from photos (issue 22). In order, cheapest
 * first: the photos' number and sizes, the service area (the bookings' check and words), the bot
 * check (a failure stores nothing: RECAPTCHA_FAILED), then each photo decoded by its bytes and
 * written anew without metadata (400 naming the photo that is no image). The request and its
 * photos are stored with the business's email (and text) and the customer's acknowledgement in
 * one transaction.
 */
export async function submitEstimate(deps: SubmitEstimateDeps, input: Omit<EstimateFieldsInput, 'recaptchaToken'>, photos: readonly IncomingPhoto[]): Promise<{ id: number }> {
  checkPhotos(photos);
  const settings = await getSettings(deps.db);
  const area = checkServiceArea(input.address, { serviceZips: settings.serviceZips, phone: settings.business.phone });
  if (!area.ok) throw new ValidationError(area.message, { address: area.message });

  const verdict = await deps.botCheck();
  if (verdict === 'failed') throw new AppError(RECAPTCHA_FAILED_MESSAGE, 'RECAPTCHA_FAILED');

  const stored: StoredPhoto[] = [];
  // One at a time: each decode holds a full-size bitmap in memory.
  for (const [i, photo] of photos.entries()) {
    const processed = await deps.processPhoto(photo.bytes);
    if (!processed) {
      const message = notAnImageMessage(i + 1, photo.filename);
      throw new ValidationError(message, { photos: message });
    }
    stored.push({ ...processed, name: `estimate-${randomBytes(16).toString('hex')}.${EXTENSIONS[processed.contentType]}` });
  }

  const { now } = deps;
  return deps.db.transaction(async (tx) => {
    const row = await insertEstimate(
      tx,
      {
        status: 'new',
        description: input.description,
        fullName: input.fullName,
        email: input.email,
        phone: input.phone,
        address: input.address,
        preferredDays: input.preferredDays,
        areaChecked: area.checked ? true : null,
        botCheck: verdict,
        clientIp: deps.clientIp,
        createdAt: now,
        updatedAt: now,
      },
      stored,
    );
    await queueNewEstimateMessages(
      tx,
      { ...row, areaChecked: row.areaChecked === true, photoCount: stored.length },
      { now, timeZone: deps.timeZone, publicUrl: deps.publicUrl, businessEmail: deps.businessEmail, textsEnabled: deps.textsEnabled, acknowledge: acknowledges(verdict, deps.isBotCheckOn) },
    );
    await queuePush(tx, estimateRequestedNotice(row), now);
    return { id: row.id };
  });
}
