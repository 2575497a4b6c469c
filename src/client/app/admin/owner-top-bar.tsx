import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleUser, ExternalLink, LogOut } from 'lucide-react';
import { useLogout } from '../../features/auth/hooks/use-auth';

const ITEM =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-3 text-base font-semibold text-ink-950 outline-none data-[highlighted]:bg-gold-50 data-[disabled]:opacity-60';

/** The owner's app's top bar: the business's name and the account menu (who is signed in, the site, sign out). */
export function OwnerTopBar({ businessName, userName }: { businessName: string; userName: string }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

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
    <header className="sticky top-0 z-40 flex h-14 items-center gap-3 border-b border-gold-400/30 bg-ink-950 pl-4 pr-1 pt-[env(safe-area-inset-top)] text-white">
      <h1 className="sr-only">Business Admin</h1>
      <p className="min-w-0 flex-1 truncate font-display text-lg font-bold text-gold-400">{businessName}</p>
      {/* Not modal: the page stays as it is for a screen reader (a modal menu would hide it). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label="Account"
          className="inline-flex h-11 w-11 items-center justify-center rounded-full text-neutral-200 hover:text-gold-400 data-[state=open]:text-gold-400"
        >
          <CircleUser className="h-7 w-7" aria-hidden="true" />
        </DropdownMenu.Trigger>
        {/* Not portalled: the menu stays inside the top bar's landmark. */}
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-60 rounded-lg border border-neutral-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="px-3 py-2 text-sm text-neutral-700">
            Signed in as <span className="font-semibold text-ink-950">{userName}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-neutral-200" />
          <DropdownMenu.Item asChild className={ITEM}>
            <a href="/">
              <ExternalLink className="h-5 w-5 text-gold-700" aria-hidden="true" />
              View the site
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} disabled={logout.isPending} onSelect={signOut}>
            <LogOut className="h-5 w-5 text-gold-700" aria-hidden="true" />
            {logout.isPending ? 'Signing out...' : 'Sign out'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </header>
  );
}
