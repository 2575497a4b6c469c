import type { ReactNode } from 'react';
import { Inbox, Loader2 } from 'lucide-react';
import { errorMessage } from '../../lib/api';

export function PanelLoading({ label }: { label: string }) {
  return (
    <div className="flex items-center justify-center gap-2 py-12 text-neutral-700" role="status">
      <Loader2 className="h-5 w-5 animate-spin text-gold-600" aria-hidden="true" />
      {label}
    </div>
  );
}

export function PanelError({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {errorMessage(error, fallback)}
    </p>
  );
}

export function PanelEmpty({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-neutral-300 bg-white px-4 py-10 text-center text-neutral-700">
      <Inbox className="h-8 w-8 text-gold-600" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}

/**
 * A panel's list as its query stands: loading, the error, `empty` when `isEmpty`, else the
 * list itself (`children`).
 */
export function PanelStates({
  query,
  loading,
  failed,
  isEmpty = false,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  loading: string;
  failed: string;
  isEmpty?: boolean;
  empty?: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return <PanelLoading label={loading} />;
  if (query.isError) return <PanelError error={query.error} fallback={failed} />;
  if (isEmpty) return <PanelEmpty>{empty}</PanelEmpty>;
  return <>{children}</>;
}
