import { useEffect, useState } from 'react';

/**
 * A read for an island, which has no query cache: `initial` is what the page was rendered with
 * (none: pending, as in the server's HTML), then `load` runs once after hydration, so a page
 * kept by the browser catches up. A failed refresh keeps what was shown. `load` must be stable
 * (a module-level fetcher).
 */
export function useFreshRead<T>(load: () => Promise<T>, initial?: T) {
  const [state, setState] = useState<{ data: T | undefined; isError: boolean }>({ data: initial, isError: false });
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ data, isError: false }),
      () => live && setState((s) => ({ data: s.data, isError: s.data === undefined })),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return { data: state.data, isPending: state.data === undefined && !state.isError, isError: state.isError };
}
