import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { dialogContentClass, dialogOverlayClass, goldButtonClass, outlineButtonClass } from './styles';

/**
 * The owner's form in a dialog: `trigger` opens it; the form is made afresh each time it opens
 * (so it starts from the item's current values) and gets `close` for when it is saved.
 */
export function FormDialog({ title, description, trigger, children }: { title: ReactNode; description: ReactNode; trigger: ReactNode; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogContentClass}>
          <Dialog.Title className="text-lg font-bold text-ink-950">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-neutral-700">{description}</Dialog.Description>
          {open && children(() => setOpen(false))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A form dialog's Close and submit buttons, stacked on a phone. */
function DialogActions({ pending, saveLabel, pendingLabel = 'Saving...' }: { pending: boolean; saveLabel: string; pendingLabel?: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Dialog.Close asChild>
        <button type="button" className={outlineButtonClass}>
          Close
        </button>
      </Dialog.Close>
      <button type="submit" className={goldButtonClass} disabled={pending}>
        {pending ? pendingLabel : saveLabel}
      </button>
    </div>
  );
}

/** A dialog's form (posted to /admin where JavaScript has not run): its fields, then Close and the submit button. */
export function DialogForm({ onSubmit, pending, saveLabel, pendingLabel, children }: { onSubmit: (e: FormEvent) => void; pending: boolean; saveLabel: string; pendingLabel?: string; children: ReactNode }) {
  return (
    <form method="post" action="/admin" onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      {children}
      <DialogActions pending={pending} saveLabel={saveLabel} pendingLabel={pendingLabel} />
    </form>
  );
}
