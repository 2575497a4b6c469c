import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { IconButton } from './icon-button';

/**
 * One numbered line of a list the owner writes (a quote's, an invoice's): its boxes in a group
 * named "Line n", and "Remove" when `onRemove` is given (a list keeps at least one line).
 */
export function LineFieldset({ n, onRemove, children }: { n: number; onRemove?: () => void; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-neutral-200 p-3">
      <legend className="sr-only">Line {n}</legend>
      <div className="flex min-h-10 items-center justify-between gap-2">
        <p aria-hidden="true" className="text-sm font-bold text-ink-950">
          Line {n}
        </p>
        {onRemove && (
          <IconButton Icon={Trash2} srLabel={`line ${n}`} onClick={onRemove}>
            Remove
          </IconButton>
        )}
      </div>
      {children}
    </fieldset>
  );
}
