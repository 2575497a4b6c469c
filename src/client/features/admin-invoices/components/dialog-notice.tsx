import { useCallback, useState } from 'react';
import { toast } from '../../../components/ui/use-toast';

/** What an action in the invoice dialog says: its title and the server's words. */
export type Notify = (title: string, description: string, error?: boolean) => void;

/**
 * The dialog's own line for what the last action did. A modal dialog hides the rest of the page
 * from screen readers, toasts included, so the dialog says it too (the toast still shows).
 */
export function useDialogNotice() {
  const [notice, setNotice] = useState<{ title: string; description: string; error: boolean } | null>(null);
  const notify = useCallback<Notify>((title, description, error = false) => {
    setNotice({ title, description, error });
    toast({ title, description, variant: error ? 'destructive' : 'success' });
  }, []);
  const node = notice && (
    <p role={notice.error ? 'alert' : 'status'} className={`rounded-md border px-3 py-2 text-sm ${notice.error ? 'border-red-700 bg-red-50 text-red-900' : 'border-green-700 bg-green-50 text-green-900'}`}>
      <strong>{notice.title}.</strong> {notice.description}
    </p>
  );
  return { notify, node };
}
