import { AppError, ValidationError } from '../../errors';
import { MAX_GALLERY_IMAGE_BYTES } from '../../../shared/schemas/admin';

const IMAGE_TYPES: Record<string, { ext: string; label: string; matches: (b: Buffer) => boolean }> = {
  'image/png': { ext: 'png', label: 'PNG', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  'image/jpeg': { ext: 'jpg', label: 'JPEG', matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/webp': { ext: 'webp', label: 'WebP', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  'image/svg+xml': {
    ext: 'svg',
    label: 'SVG',
    matches: (b) => !b.includes(0) && /<svg[\s>]/i.test(b.toString('utf8')),
  },
};

/** "data:image/png;base64,..." -> the file's bytes and extension, after checking they are that image type. */
export function decodeImageDataUrl(dataUrl: string): { bytes: Buffer; ext: string } {
  const match = /^data:(image\/(?:png|jpeg|webp|svg\+xml));base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match) throw new ValidationError('Choose a PNG, JPEG, WebP or SVG image', { dataUrl: 'Choose a PNG, JPEG, WebP or SVG image' });
  const type = IMAGE_TYPES[match[1]];
  // A length check on the text first, so an oversize image is refused before it is decoded.
  if (Math.floor((match[2].length * 3) / 4) - 2 > MAX_GALLERY_IMAGE_BYTES) {
    throw new AppError('The image is too large: choose one of 1.5 MB or less.', 'PAYLOAD_TOO_LARGE');
  }
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > MAX_GALLERY_IMAGE_BYTES) throw new AppError('The image is too large: choose one of 1.5 MB or less.', 'PAYLOAD_TOO_LARGE');
  if (!type.matches(bytes)) {
    const message = `The file is not a valid ${type.label} image.`;
    throw new ValidationError(message, { dataUrl: message });
  }
  return { bytes, ext: type.ext };
}
