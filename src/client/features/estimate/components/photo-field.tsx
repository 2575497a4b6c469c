import { useEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { Camera, ImagePlus, X } from 'lucide-react';
import { MAX_ESTIMATE_PHOTOS } from '../../../../shared/schemas/estimates';
import { PHOTO_ACCEPT } from '../utils/photos';

const pickerClass =
  'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-ink-950 bg-white px-4 text-sm font-semibold text-ink-950 hover:bg-ink-950 hover:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-500';
const nativeFileClass =
  'mt-1.5 block w-full text-sm text-neutral-800 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-ink-950 file:px-4 file:font-semibold file:text-gold-300';

/** One picked photo as a thumbnail, from a URL of the file that lives as long as the thumbnail. */
function Thumbnail({ file, index, onRemove }: { file: File; index: number; onRemove: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <li className="relative aspect-square overflow-hidden rounded-lg border border-neutral-200 bg-neutral-100">
      {url && <img src={url} alt={`Photo ${index + 1}: ${file.name}`} className="h-full w-full object-cover" />}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove photo ${index + 1}`}
        className="absolute right-1 top-1 grid h-11 w-11 place-items-center rounded-full bg-ink-950/85 text-white hover:bg-ink-950 focus-visible:outline-3 focus-visible:outline-gold-400"
      >
        <X className="h-5 w-5" aria-hidden="true" />
      </button>
    </li>
  );
}

/** Whether the device has a touch screen as its main pointer (a phone, a tablet): it gets a camera button. */
function useCoarsePointer(): boolean {
  const [coarse, setCoarse] = useState(false);
  // Read after mount: the server's HTML (and Preact's hydration of it) must not depend on it.
  useEffect(() => setCoarse(window.matchMedia('(pointer: coarse)').matches), []);
  return coarse;
}

export interface PhotoFieldProps {
  id: string;
  photos: readonly File[];
  /** A stable key per picked file, for the list. */
  keyOf: (file: File) => number;
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  /** Why some picked files were left out (not a photo, too large, too many). */
  problems: readonly string[];
  error?: string;
  /** False until the form's script runs: the plain file input then posts the photos itself. */
  ready: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * "Photos": 1 to 6, picked from the library or (on a phone) taken with the camera, shown as
 * thumbnails with a remove button each. Before the script runs it is the browser's own file
 * input named `photos`, which a form posted without JavaScript sends.
 */
export function PhotoField({ id, photos, keyOf, onAdd, onRemove, problems, error, ready, inputRef }: PhotoFieldProps) {
  const coarse = useCoarsePointer();
  const cameraRef = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const problemsId = `${id}-problems`;
  const describedBy = [hintId, error ? errorId : null, problems.length ? problemsId : null].filter(Boolean).join(' ');
  const full = photos.length >= MAX_ESTIMATE_PHOTOS;

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Emptied, so picking the same photo again after removing it is a change too.
    event.target.value = '';
    if (files.length) onAdd(files);
  }

  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="block text-sm font-semibold text-ink-950">Photos of the Job</legend>
      <p id={hintId} className="mt-1 text-sm text-neutral-600">
        1 to {MAX_ESTIMATE_PHOTOS} photos (JPEG, PNG or WebP, up to 10 MB each): the item or its box, and the wall or room it goes in.
      </p>
      {ready && photos.length > 0 && (
        <ul aria-label="Photos added" className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6">
          {photos.map((file, i) => (
            <Thumbnail key={keyOf(file)} file={file} index={i} onRemove={() => onRemove(i)} />
          ))}
        </ul>
      )}
      {ready ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <span>
            <input
              ref={inputRef}
              id={id}
              type="file"
              accept={PHOTO_ACCEPT}
              multiple
              onChange={picked}
              disabled={full}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              className="peer sr-only"
            />
            <label htmlFor={id} className={`${pickerClass} ${full ? 'pointer-events-none opacity-60' : ''}`}>
              <ImagePlus className="h-4 w-4" aria-hidden="true" />
              {photos.length ? 'Add more photos' : 'Add photos'}
            </label>
          </span>
          {coarse && (
            <span>
              <input ref={cameraRef} id={`${id}-camera`} type="file" accept={PHOTO_ACCEPT} capture="environment" onChange={picked} disabled={full} className="peer sr-only" />
              <label htmlFor={`${id}-camera`} className={`${pickerClass} ${full ? 'pointer-events-none opacity-60' : ''}`}>
                <Camera className="h-4 w-4" aria-hidden="true" />
                Take a photo
              </label>
            </span>
          )}
          <p aria-live="polite" className="text-sm text-neutral-700">
            {photos.length} of {MAX_ESTIMATE_PHOTOS} photos
          </p>
        </div>
      ) : (
        <>
          <label htmlFor={id} className="sr-only">
            Add photos
          </label>
          <input id={id} name="photos" type="file" accept={PHOTO_ACCEPT} multiple aria-describedby={describedBy} className={nativeFileClass} />
        </>
      )}
      {/* Always there, so that a screen reader hears the files left out as they are. */}
      <div role="status">
        {problems.length > 0 && (
          <ul id={problemsId} className="mt-2 space-y-1 text-sm font-medium text-red-700">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
