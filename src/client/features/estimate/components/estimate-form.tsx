import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CheckCircle2, Send } from 'lucide-react';
import type { FormPost } from '../../../../shared/form-post';
import { estimateFieldsSchema } from '../../../../shared/schemas/estimates';
import { checkServiceArea } from '../../../../shared/service-area';
import { buttonClass } from '../../../components/ui/button-styles';
import { FormNotice } from '../../../components/ui/form-notice';
import { IslandField, islandInputClass } from '../../../components/ui/island-field';
import { ApiError, errorMessage } from '../../../lib/api';
import { fieldError } from '../../../lib/form-post';
import { getRecaptchaToken } from '../../../lib/recaptcha';
import { getSiteConfig } from '../../../lib/site-config';
import { sendEstimateRequest } from '../api/send-estimate-request';
import { addPhotos, PHOTOS_REQUIRED_MESSAGE } from '../utils/photos';
import { PhotoField } from './photo-field';

/** The acknowledgement, in fixed words, after a request is sent (with or without JavaScript). */
export const ESTIMATE_SENT = {
  title: 'Request Sent',
  description: 'Thank you! We have your photos and will email you a price within one business day. Nothing is booked or charged until you approve it.',
};

/** The request's text fields: the API's own schema (the reCAPTCHA token is added when sending). */
const estimateFormSchema = estimateFieldsSchema.omit({ recaptchaToken: true });
type EstimateFormValues = z.output<typeof estimateFormSchema>;

const TEXT_FIELDS = ['description', 'address', 'fullName', 'email', 'phone', 'preferredDays'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type FormInput = z.input<typeof estimateFormSchema>;

export interface EstimateFormProps {
  /** Starts the fields' ids; explicit, not useId, since the form hydrates as an island of its own. */
  idPrefix: string;
  /** The service area, as /book checks it while the address is typed. */
  area: { serviceZips: string[]; phone: string } | null;
  /** The server's answer to this form posted without JavaScript, if the page is one. */
  formPost?: FormPost | null;
}

/**
 * "Tell Us About the Job": what needs doing, 1 to 6 photos, where and who. With its script it
 * posts to POST /api/estimates itself (the photos it holds, the server's messages under their
 * fields); without, the browser posts the same fields and photos to /estimate.
 */
export function EstimateForm({ idPrefix, area, formPost = null }: EstimateFormProps) {
  const post = formPost?.form === 'estimate' ? formPost : null;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors: ownErrors, isSubmitting, isSubmitted },
    // No defaultValues: react-hook-form keeps what was typed into the server's fields before the
    // island hydrated (the server's copy of a post made without JavaScript is their defaultValue).
  } = useForm<FormInput, unknown, EstimateFormValues>({ resolver: zodResolver(estimateFormSchema) });
  const [photos, setPhotos] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [photosError, setPhotosError] = useState<string | undefined>(post?.errors?.photos);
  const [notice, setNotice] = useState<string | undefined>(post?.message);
  const [sent, setSent] = useState(post?.done === 'sent');
  const keys = useRef(new WeakMap<File, number>());
  const nextKey = useRef(0);
  const photosInput = useRef<HTMLInputElement>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const address = useWatch({ control, name: 'address' }) ?? '';
  const areaCheck = area ? checkServiceArea(address, area) : null;
  // Said while typing once the address holds more than the ZIP itself, as /book does.
  const liveAreaError = areaCheck && !areaCheck.ok && /\D/.test(address.trim()) ? areaCheck.message : undefined;
  const errorOf = (name: TextField) => fieldError(ownErrors[name], post, isSubmitted, name)?.message ?? (name === 'address' ? liveAreaError : undefined);
  const id = (name: string) => `${idPrefix}-${name}`;
  const typed = (name: TextField) => post?.values?.[name];

  function keyOf(file: File): number {
    let key = keys.current.get(file);
    if (key === undefined) keys.current.set(file, (key = nextKey.current++));
    return key;
  }

  function onAdd(files: File[]) {
    const added = addPhotos(photos, files);
    setPhotos(added.photos);
    setProblems(added.problems);
    if (added.photos.length) setPhotosError(undefined);
  }

  function onRemove(index: number) {
    setPhotos(photos.filter((_, i) => i !== index));
    setProblems([]);
    photosInput.current?.focus();
  }

  const photosMissing = () => {
    if (photos.length) return false;
    setPhotosError(PHOTOS_REQUIRED_MESSAGE);
    return true;
  };

  async function onValid(values: EstimateFormValues) {
    setNotice(undefined);
    if (photosMissing()) {
      photosInput.current?.focus();
      return;
    }
    const inArea = area ? checkServiceArea(values.address, area) : null;
    if (inArea && !inArea.ok) {
      setError('address', { message: inArea.message }, { shouldFocus: true });
      return;
    }
    let recaptchaToken: string | undefined;
    try {
      // Read here only when needed (an island has no query cache to share it with).
      const config = await getSiteConfig();
      recaptchaToken = await getRecaptchaToken(config.recaptcha.enabled ? config.recaptcha.siteKey : null, 'estimate_submit');
    } catch {
      setNotice('reCAPTCHA verification failed. Please try again.');
      return;
    }
    try {
      await sendEstimateRequest(values, photos, recaptchaToken);
      setSent(true);
    } catch (err) {
      const fields = err instanceof ApiError ? (err.errors ?? {}) : {};
      for (const name of TEXT_FIELDS) if (fields[name]) setError(name, { type: 'server', message: fields[name] });
      const photoMessage = Object.entries(fields).find(([path]) => path.startsWith('photos'))?.[1] ?? (err instanceof ApiError && err.status === 413 ? err.serverMessage : undefined);
      if (photoMessage) setPhotosError(photoMessage);
      if (Object.keys(fields).length === 0 && !photoMessage) setNotice(errorMessage(err, 'Your request could not be sent. Please try again, or call us.'));
    }
  }

  useEffect(() => {
    // Keyboard and screen reader users land on the acknowledgement.
    if (sent && ready) sentHeading.current?.focus();
  }, [sent, ready]);

  if (sent) {
    return (
      <div className="flex gap-3 rounded-lg border border-green-300 bg-green-50 p-5 text-green-900">
        <CheckCircle2 className="mt-1 h-6 w-6 shrink-0 text-green-700" aria-hidden="true" />
        <div role="status">
          <h3 ref={sentHeading} tabIndex={-1} className="font-display text-xl font-bold focus:outline-none">
            {ESTIMATE_SENT.title}
          </h3>
          <p className="mt-2">{ESTIMATE_SENT.description}</p>
        </div>
      </div>
    );
  }

  return (
    <form
      method="post"
      action="/estimate"
      encType="multipart/form-data"
      noValidate
      onSubmit={handleSubmit(onValid, () => void photosMissing())}
      aria-label="Free estimate request"
      className="grid gap-5"
      data-ready={ready ? 'true' : undefined}
    >
      {notice && <FormNotice title="Not Sent" description={notice} tone="error" />}
      <IslandField id={id('description')} label="What Needs Doing" hint="What it is, how many, and where: a 65-inch TV on brick above the fireplace, a PAX wardrobe of three frames..." error={errorOf('description')}>
        {(a) => <textarea rows={5} defaultValue={typed('description')} className={`${islandInputClass} resize-y`} {...register('description')} {...a} />}
      </IslandField>
      <PhotoField id={id('photos')} photos={photos} keyOf={keyOf} onAdd={onAdd} onRemove={onRemove} problems={problems} error={photosError} ready={ready} inputRef={photosInput} />
      <IslandField id={id('address')} label="Service Address" error={errorOf('address')}>
        {(a) => <input type="text" autoComplete="street-address" defaultValue={typed('address')} className={islandInputClass} {...register('address')} {...a} />}
      </IslandField>
      <div className="grid gap-5 sm:grid-cols-2">
        <IslandField id={id('fullName')} label="Full Name" error={errorOf('fullName')}>
          {(a) => <input type="text" autoComplete="name" defaultValue={typed('fullName')} className={islandInputClass} {...register('fullName')} {...a} />}
        </IslandField>
        <IslandField id={id('phone')} label="Phone Number" error={errorOf('phone')}>
          {(a) => <input type="tel" autoComplete="tel" defaultValue={typed('phone')} className={islandInputClass} {...register('phone')} {...a} />}
        </IslandField>
      </div>
      <IslandField id={id('email')} label="Email Address" error={errorOf('email')}>
        {(a) => <input type="email" autoComplete="email" inputMode="email" defaultValue={typed('email')} className={islandInputClass} {...register('email')} {...a} />}
      </IslandField>
      <IslandField id={id('preferredDays')} label="Preferred Days (Optional)" hint="When suits you for the work: weekday mornings, Saturdays, after the 15th..." error={errorOf('preferredDays')}>
        {(a) => <input type="text" defaultValue={typed('preferredDays')} className={islandInputClass} {...register('preferredDays')} {...a} />}
      </IslandField>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClass('dark', 'lg', 'w-full sm:w-auto')}>
          <Send aria-hidden="true" className="h-4 w-4" />
          {isSubmitting ? 'Sending...' : 'Send Request'}
        </button>
      </div>
    </form>
  );
}
