import { Star, StarHalf } from 'lucide-react';

/** The rating to one decimal, as shown ("4.5"). */
export function formatRating(rating: number): string {
  return (Math.round(rating * 10) / 10).toFixed(1);
}

/**
 * Five stars, halves included (the rating is rounded to the nearest half for drawing), with the
 * rating to one decimal beside them. Screen readers hear 'Rated 4.5 out of 5'.
 */
export function StarRating({ rating, tone = 'light' }: { rating: number; tone?: 'light' | 'dark' }) {
  const clamped = Math.min(5, Math.max(0, Number.isFinite(rating) ? rating : 0));
  const halves = Math.round(clamped * 2);
  const text = formatRating(clamped);
  return (
    <div className="flex items-center gap-2">
      <span role="img" aria-label={`Rated ${text} out of 5`} className="flex">
        {Array.from({ length: 5 }, (_, i) => {
          const full = halves >= (i + 1) * 2;
          const half = !full && halves === i * 2 + 1;
          return (
            <span key={i} className="relative h-5 w-5" data-star={full ? 'full' : half ? 'half' : 'empty'}>
              <Star aria-hidden="true" className={`absolute inset-0 h-5 w-5 ${tone === 'dark' ? 'text-white/25' : 'text-neutral-300'}`} />
              {full && <Star aria-hidden="true" className="absolute inset-0 h-5 w-5 fill-gold-400 text-gold-400" />}
              {half && <StarHalf aria-hidden="true" className="absolute inset-0 h-5 w-5 fill-gold-400 text-gold-400" />}
            </span>
          );
        })}
      </span>
      <span aria-hidden="true" className={`text-sm font-semibold ${tone === 'dark' ? 'text-gold-300' : 'text-neutral-700'}`}>
        {text}
      </span>
    </div>
  );
}
