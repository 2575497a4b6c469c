import { GALLERY_IMAGE_TYPES, MAX_GALLERY_IMAGE_BYTES } from '../../../../shared/schemas/admin';

/** Checks a chosen image before upload: the message to show, or null when it is fine. */
export function imageFileProblem(file: File): string | null {
  if (!(GALLERY_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG, WebP or SVG image.';
  if (file.size > MAX_GALLERY_IMAGE_BYTES) return 'The image is too large: choose one of 1.5 MB or less.';
  return null;
}

/** Reads a file as a `data:<type>;base64,...` URL. */
export function fileToDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file.'));
    reader.readAsDataURL(file);
  });
}
