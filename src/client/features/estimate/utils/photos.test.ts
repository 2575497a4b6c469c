import { describe, expect, it } from 'vitest';
import { MAX_ESTIMATE_PHOTO_BYTES } from '../../../../shared/schemas/estimates';
import { addPhotos } from './photos';

const file = (name: string, type = 'image/jpeg', size = 200_000) => ({ name, type, size });

describe('addPhotos', () => {
  it('adds JPEG, PNG and WebP photos after those already picked', () => {
    const { photos, problems } = addPhotos([file('a.jpg')], [file('b.png', 'image/png'), file('c.webp', 'image/webp')]);
    expect(photos.map((p) => p.name)).toEqual(['a.jpg', 'b.png', 'c.webp']);
    expect(problems).toEqual([]);
  });

  it('leaves out what is not a photo or larger than 10 MB, naming each file', () => {
    const { photos, problems } = addPhotos([], [file('notes.pdf', 'application/pdf'), file('big.jpg', 'image/jpeg', MAX_ESTIMATE_PHOTO_BYTES + 1), file('ok.jpg', 'image/jpeg', MAX_ESTIMATE_PHOTO_BYTES)]);
    expect(photos.map((p) => p.name)).toEqual(['ok.jpg']);
    expect(problems).toEqual(['notes.pdf is not a photo we can read. Send JPEG, PNG or WebP photos.', 'big.jpg is larger than 10 MB. Send a smaller photo.']);
  });

  it('keeps at most six photos and says how many were left out', () => {
    const four = ['1', '2', '3', '4'].map((n) => file(`${n}.jpg`));
    const { photos, problems } = addPhotos(four, ['5', '6', '7', '8', '9'].map((n) => file(`${n}.jpg`)));
    expect(photos.map((p) => p.name)).toEqual(['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg', '6.jpg']);
    expect(problems).toEqual(['You can send up to 6 photos: 3 photos were left out.']);
    expect(addPhotos(photos, [file('7.jpg')]).problems).toEqual(['You can send up to 6 photos: 1 photo was left out.']);
  });
});
