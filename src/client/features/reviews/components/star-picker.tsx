import { useId } from 'react';
import { Star } from 'lucide-react';

interface StarPickerProps {
  value: number | undefined;
  onChange: (rating: number) => void;
  onBlur?: () => void;
  error?: string;
}

const WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * Stars 1 to 5 as a native radio group: Tab reaches it, the arrow keys choose, and screen readers
 * hear "3 stars, Good". The radios are visually hidden; their labels draw the stars.
 */
export function StarPicker({ value, onChange, onBlur, error }: StarPickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 block text-sm font-semibold text-ink-900">Your rating</legend>
      <div className="flex flex-wrap items-center gap-1">
        {WORDS.map((word, i) => {
          const stars = i + 1;
          const lit = value !== undefined && stars <= value;
          return (
            <label key={stars} className="group relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-gold-600">
              <input
                type="radio"
                name="rating"
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                onBlur={onBlur}
                className="sr-only"
              />
              <Star aria-hidden="true" className={`h-9 w-9 transition-colors ${lit ? 'fill-gold-400 text-gold-500' : 'text-neutral-400 group-hover:text-gold-500'}`} />
              <span className="sr-only">
                {stars} {stars === 1 ? 'star' : 'stars'}, {word}
              </span>
            </label>
          );
        })}
        <span className="ml-2 min-w-20 text-sm font-medium text-neutral-700" aria-hidden="true">
          {value ? WORDS[value - 1] : ''}
        </span>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
