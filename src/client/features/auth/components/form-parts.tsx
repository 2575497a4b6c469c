import type { ComponentProps, ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { InputField } from '../../../components/form-field';
import { linkButtonClass, primaryButtonClass } from './styles';

/** The email field of the sign-in screen's forms. */
export function EmailField(props: Omit<ComponentProps<typeof InputField>, 'label' | 'type' | 'autoComplete' | 'inputMode'>) {
  return <InputField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
}

/** A form's submit button, with a spinner and `pendingLabel` while it is sent. */
export function SubmitButton({ isPending, pendingLabel, children }: { isPending: boolean; pendingLabel: string; children: ReactNode }) {
  return (
    <button type="submit" className={primaryButtonClass} disabled={isPending}>
      {isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
      {isPending ? pendingLabel : children}
    </button>
  );
}

/**
 * A link to `href` without JavaScript; in the page, a button that runs `onActivate` instead
 * (Space presses it, as it would a button).
 */
export function InPageLink({ href, onActivate, children }: { href: string; onActivate: () => void; children: ReactNode }) {
  return (
    <a
      href={href}
      role="button"
      className={linkButtonClass}
      onClick={(e) => {
        e.preventDefault();
        onActivate();
      }}
      onKeyDown={(e) => {
        if (e.key !== ' ') return;
        e.preventDefault();
        onActivate();
      }}
    >
      {children}
    </a>
  );
}

export function Divider() {
  return (
    <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-neutral-600" aria-hidden="true">
      <span className="h-px flex-1 bg-neutral-200" />
      or
      <span className="h-px flex-1 bg-neutral-200" />
    </div>
  );
}
