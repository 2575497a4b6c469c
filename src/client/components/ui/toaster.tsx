import { lazy, Suspense, useEffect, useState } from 'react';
import { afterLoadIdle } from './after-load';
import { useToast } from './use-toast';

// The Radix toast code is not needed for the first view: it loads once the page is idle, or at
// once when a toast is shown earlier.
const ToastStack = lazy(() => import('./toast-stack'));

/** Place once in the app; shows the toasts from `toast()`. */
export function Toaster() {
  const { toasts } = useToast();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void afterLoadIdle().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  if (!ready && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  );
}
