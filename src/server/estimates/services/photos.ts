import sharp from 'sharp';
import type { ProcessedPhoto } from './estimates';

/**
 * An estimate's photos as the site keeps them (issue 22): decoded by their bytes (whatever the
 * file's name or type says), turned upright from the camera's orientation, at most 2000 pixels on
 * the long side, and written anew in their own format. Sharp writes no metadata unless asked to,
 * so nothing of the original's EXIF (GPS position, camera, time), XMP, IPTC or ICC blocks is kept;
 * the pixels are converted to sRGB instead of carrying the camera's profile.
 */

/** The long side of a stored photo: enough to see a wall, a fireplace or a wardrobe full screen on a phone. */
export const MAX_PHOTO_SIDE = 2000;
/** A phone's 48-megapixel photo passes; a decompression bomb (a small file of a huge image) does not. */
const MAX_INPUT_PIXELS = 60_000_000;

const FORMATS = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const satisfies Record<string, ProcessedPhoto['contentType']>;

// libvips keeps recent operations' images in memory for reuse; a photo is never processed twice.
sharp.cache(false);

function isKnownFormat(format: string | undefined): format is keyof typeof FORMATS {
  return format !== undefined && Object.hasOwn(FORMATS, format);
}

/**
 * Decodes `bytes` as a JPEG, PNG or WebP image and writes it anew (see above); null when the bytes
 * are no such image or cannot be decoded whole (a truncated or damaged file, an image too large).
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto | null> {
  const options = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true } as const;
  try {
    const { format } = await sharp(bytes, options).metadata();
    if (!isKnownFormat(format)) return null;
    const resized = sharp(bytes, options).resize({ width: MAX_PHOTO_SIDE, height: MAX_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded = format === 'jpeg' ? resized.jpeg({ quality: 82, mozjpeg: true }) : format === 'png' ? resized.png({ compressionLevel: 8 }) : resized.webp({ quality: 82 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { contentType: FORMATS[format], data, width: info.width, height: info.height };
  } catch {
    // Sharp's refusal of the input: not an image it can read whole.
    return null;
  }
}
