import type { ComponentProps } from 'react';
import type { LucideIcon } from 'lucide-react';
import { outlineButtonClass } from './styles';

/**
 * A button with its icon before its text. `srLabel` names, for screen readers only, what it acts
 * on ("Edit" for "Dana K."), where the screen shows that beside the button.
 */
export function IconButton({ Icon, srLabel, className = outlineButtonClass, children, ...props }: ComponentProps<'button'> & { Icon: LucideIcon; srLabel?: string }) {
  return (
    <button type="button" className={className} {...props}>
      <Icon className="h-4 w-4" aria-hidden="true" />
      {children}
      {srLabel && <span className="sr-only"> {srLabel}</span>}
    </button>
  );
}
