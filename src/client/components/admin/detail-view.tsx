import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { ArrowLeft } from 'lucide-react';
import { PanelStates } from './panel-states';
import { outlineButtonClass } from './styles';

/**
 * One record opened from a list (a customer, an estimate request): the way back, then the
 * record as its query stands. Once it has loaded, focus moves to its heading (`children` gets the
 * ref to put on it), so a screen reader starts there.
 */
export function DetailView<T>({
  backLabel,
  onBack,
  query,
  loading,
  failed,
  children,
}: {
  backLabel: string;
  onBack: () => void;
  query: { data: T | undefined; isPending: boolean; isError: boolean; error: unknown };
  loading: string;
  failed: string;
  children: (data: T, headingRef: RefObject<HTMLHeadingElement | null>) => ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = query.data !== undefined;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  return (
    <div className="space-y-4">
      <button type="button" className={outlineButtonClass} onClick={onBack}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {backLabel}
      </button>
      <PanelStates query={query} loading={loading} failed={failed}>
        {query.data !== undefined && children(query.data, heading)}
      </PanelStates>
    </div>
  );
}
