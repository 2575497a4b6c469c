import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { estimateCreatedSchema, estimateFieldsSchema, MAX_ESTIMATE_PHOTO_BYTES, MAX_ESTIMATE_PHOTOS } from '../../../shared/schemas/estimates';
import { AppError, ValidationError } from '../../errors';
import { checkRecaptcha } from '../../accounts';
import { CONTACT_LIMIT } from '../../messaging';
import { fieldErrors } from '../../plugins/errors';
import { photoCountProblem, submitEstimate, TOO_MANY_PHOTOS_MESSAGE, type IncomingPhoto } from '../services/estimates';
import { processPhoto } from '../services/photos';

/** The text fields a request has (and a few to spare), each at most 10 KB. */
const LIMITS = { fields: 12, fieldSize: 10_000, files: MAX_ESTIMATE_PHOTOS + 1, parts: 24, fileSize: MAX_ESTIMATE_PHOTO_BYTES, headerPairs: 50 };

export const MULTIPART_ONLY_MESSAGE = 'Send the request as multipart/form-data, with the photos under "photos".';
const FORM_BROKEN_MESSAGE = 'The form could not be read. Please send it again.';

/** Multipart's own refusals, in words for the visitor (anything else is ours or the socket's). */
function multipartError(err: unknown): AppError | null {
  const code = (err as { code?: unknown })?.code;
  if (code === 'FST_FILES_LIMIT') return new ValidationError(TOO_MANY_PHOTOS_MESSAGE, { photos: TOO_MANY_PHOTOS_MESSAGE });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') return new AppError('The form has more fields than a request takes.', 'BAD_REQUEST');
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError(FORM_BROKEN_MESSAGE, 'BAD_REQUEST');
  return null;
}

/**
 * The form's text fields and its files under `photos`, each read whole (a file past 10 MB is cut
 * off there and marked; its place is kept so the message can name it). Files under any other name
 * are read and dropped.
 */
async function readEstimateForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; photos: IncomingPhoto[] }> {
  if (!request.isMultipart()) throw new AppError(MULTIPART_ONLY_MESSAGE, 'UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, string> = {};
  const photos: IncomingPhoto[] = [];
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname === 'photos') photos.push({ filename: part.filename ?? '', bytes, truncated: part.file.truncated });
    }
  } catch (err) {
    throw multipartError(err) ?? err;
  }
  return { fields, photos };
}

/**
 * POST /api/estimates (multipart/form-data): a request for a free estimate with 1 to 6 photos
 * (issue 22). Rate-limited and bot-checked as the contact form. Registered under /api; the
 * multipart parser exists only in this plugin, so every other route still takes JSON alone.
 */
export async function estimateRoutes(app: FastifyInstance) {
  await app.register(multipart, { throwFileSizeLimit: false, limits: LIMITS });

  app.post(
    '/estimates',
    { schema: { response: { 201: estimateCreatedSchema } }, config: { rateLimit: app.limit(CONTACT_LIMIT.max, CONTACT_LIMIT.windowMs) } },
    async (request, reply) => {
      const { fields, photos } = await readEstimateForm(request);
      const parsed = estimateFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error.issues);
        const photoProblem = photoCountProblem(photos.length);
        if (photoProblem && !errors.photos) errors.photos = photoProblem;
        throw new ValidationError(Object.values(errors)[0], errors);
      }
      const { recaptchaToken, ...input } = parsed.data;
      const created = await submitEstimate(
        {
          db: app.db,
          now: app.now(),
          timeZone: app.config.businessTz,
          publicUrl: app.config.publicUrl,
          businessEmail: app.config.businessEmail,
          textsEnabled: app.config.twilio !== null,
          isBotCheckOn: app.config.recaptcha !== null,
          clientIp: request.ip,
          botCheck: () => checkRecaptcha(app.config, { token: recaptchaToken, action: 'estimate_submit', remoteIp: request.ip }, request.log),
          processPhoto,
        },
        input,
        photos,
      );
      return reply.status(201).send(created);
    },
  );
}
