import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleUser, ExternalLink, LogOut } from 'lucide-react';
import { useLogout } from '../../features/auth/hooks/use-auth';

const ITEM = 'flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left text-base font-semibold text-ink-950 hover:bg-gold-50 disabled:opacity-60';
const PANEL_ID = 'owner-account';

/**
 * The owner's app's top bar: the business's name and the account menu (who is signed in, the
 * site, sign out). The menu is a disclosure (a button that shows a short list), not a Radix menu:
 * its three lines need no menu roles, and the admin's code stays as light as it was.
 */
export function OwnerTopBar({ businessName, userName }: { businessName: string; userName: string }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Escape or a tap elsewhere closes it (Escape gives the focus back to the button).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  function signOut() {
    logout.mutate(undefined, {
      onError: (err) => console.error('Logout failed', err),
      // Leave the page first, then clear the cache, so no screen of the old session refetches.
      onSettled: () => {
        void navigate('/login', { replace: true });
        queryClient.clear();
      },
    });
  }

  return (
    <header className="owner-top-bar top-0 z-40 flex h-14 items-center gap-3 border-b border-gold-400/30 bg-ink-950 pr-1 text-white">
      <h1 className="sr-only">Business Admin</h1>
      <p className="min-w-0 flex-1 truncate font-display text-lg font-bold text-gold-400">{businessName}</p>
      <div ref={box} className="relative">
        <button
          ref={button}
          type="button"
          aria-label="Account"
          aria-expanded={open}
          aria-controls={PANEL_ID}
          onClick={() => setOpen((o) => !o)}
          className="owner-account-button inline-flex h-11 w-11 items-center justify-center rounded-full text-neutral-200"
        >
          <CircleUser className="h-7 w-7" aria-hidden="true" />
        </button>
        <div id={PANEL_ID} hidden={!open} className="absolute right-1 top-full z-50 mt-1 w-72 rounded-lg border border-neutral-200 bg-white p-1 text-ink-950 shadow-lg">
          <p className="px-3 py-2 text-sm text-neutral-700">
            Signed in as <span className="font-semibold text-ink-950">{userName}</span>
          </p>
          <hr className="owner-rule border-neutral-200" />
          <a href="/" className={ITEM}>
            <ExternalLink className="h-5 w-5 text-gold-700" aria-hidden="true" />
            View the site
          </a>
          <button type="button" className={ITEM} disabled={logout.isPending} onClick={signOut}>
            <LogOut className="h-5 w-5 text-gold-700" aria-hidden="true" />
            {logout.isPending ? 'Signing out...' : 'Sign out'}
          </button>
        </div>
      </div>
    </header>
  );
}
