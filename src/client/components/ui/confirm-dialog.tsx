import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';

const ACTION =
  'inline-flex min-h-11 sm:min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold shadow-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const KEEP = `${ACTION} border border-neutral-300 bg-white text-neutral-900 hover:border-gold-500 hover:bg-gold-50`;
const DESTROY = `${ACTION} bg-red-700 text-white hover:bg-red-800`;

interface ConfirmDialogProps {
  /** The button that opens the dialog (rendered as the Radix trigger). */
  trigger: ReactNode;
  title: ReactNode;
  /** The dialog's explanation; several paragraphs are fine. */
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/** A destructive action's "are you sure?" dialog (Radix AlertDialog: focus trapped, Escape keeps). */
export function ConfirmDialog({ trigger, title, children, cancelLabel, confirmLabel, onConfirm }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border-t-4 border-gold-400 bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold text-ink-950">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-neutral-700">{children}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <button type="button" className={KEEP}>
                {cancelLabel}
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className={DESTROY} onClick={onConfirm}>
                {confirmLabel}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
