import type { UseMutationResult } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toast } from '../ui/use-toast';
import { errorMessage } from '../../lib/api';
import { IconButton } from './icon-button';
import { dangerButtonClass } from './styles';

/** The delete call of a list: by id, with which id is being deleted while it runs. */
export type DeleteMutation = Pick<UseMutationResult<unknown, Error, number>, 'mutateAsync' | 'isPending' | 'variables'>;

interface DeleteButtonProps {
  mutation: DeleteMutation;
  id: number;
  /** What is deleted ("project"), for the toast's title and the confirm button. */
  kind: string;
  /** The item as screen readers hear it after "Delete", where the screen shows it beside the button. */
  srLabel: string;
  /** The item as the question names it ("Delete {title}?"). */
  title: string;
  /** The toast's sentence once it is gone. */
  removed: string;
  /** The dialog's warning. */
  warning: string;
}

/** Delete, once the owner says yes; then says it is gone, or why not. */
export function DeleteButton({ mutation, id, kind, srLabel, title, removed, warning }: DeleteButtonProps) {
  function onConfirm() {
    // mutateAsync: the refreshed list unmounts this item, and mutate's own callbacks would not run then.
    mutation.mutateAsync(id).then(
      () => toast({ title: `${kind[0]!.toUpperCase()}${kind.slice(1)} Deleted`, description: removed, variant: 'success' }),
      (err: unknown) => toast({ title: 'Error', description: errorMessage(err, `Could not delete the ${kind}. Please try again.`), variant: 'destructive' }),
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <IconButton Icon={Trash2} srLabel={srLabel} className={dangerButtonClass} disabled={mutation.isPending && mutation.variables === id}>
          Delete
        </IconButton>
      }
      title={`Delete ${title}?`}
      cancelLabel="No, keep it"
      confirmLabel={`Yes, delete ${kind}`}
      onConfirm={onConfirm}
    >
      <p>{warning}</p>
    </ConfirmDialog>
  );
}
