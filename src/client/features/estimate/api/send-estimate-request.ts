import { estimateCreatedSchema, type EstimateFieldsInput } from '../../../../shared/schemas/estimates';
import { postForm } from '../../../lib/api';

/** POST /api/estimates: the request's fields and its photos (under `photos`) as multipart/form-data. */
export function sendEstimateRequest(values: Omit<EstimateFieldsInput, 'recaptchaToken'>, photos: readonly File[], recaptchaToken?: string): Promise<{ id: number }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) body.append(name, value);
  if (recaptchaToken) body.append('recaptchaToken', recaptchaToken);
  for (const photo of photos) body.append('photos', photo, photo.name);
  return postForm('/api/estimates', estimateCreatedSchema, body);
}
