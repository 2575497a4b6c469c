import type { UseMutationResult } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { IconButton } from '../../../components/admin/icon-button';

/** The list's ids with the item at `index` swapped with its neighbour (-1 up, +1 down). */
export function movedIds(ids: number[], index: number, step: -1 | 1): number[] {
  const next = [...ids];
  const other = index + step;
  if (other < 0 || other >= next.length) return next;
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}

/** "Move up" and "Move down" for one item of an ordered list; the ends disable their own. */
export function MoveButtons({ label, index, count, disabled, onMove }: { label: string; index: number; count: number; disabled?: boolean; onMove: (step: -1 | 1) => void }) {
  return (
    <>
      <IconButton Icon={ArrowUp} srLabel={label} disabled={disabled || index === 0} onClick={() => onMove(-1)}>
        Move up
      </IconButton>
      <IconButton Icon={ArrowDown} srLabel={label} disabled={disabled || index === count - 1} onClick={() => onMove(1)}>
        Move down
      </IconButton>
    </>
  );
}

/**
 * Move up / Move down for an ordered list the owner manages: sends the new order, then says
 * which item moved ("Order Saved") or why not.
 */
export function useMoveInList<T extends { id: number }>(list: T[], reorder: Pick<UseMutationResult<unknown, Error, number[]>, 'mutate'>, nameOf: (item: T) => string) {
  return (index: number, step: -1 | 1) => {
    const item = list[index]!;
    reorder.mutate(
      movedIds(
        list.map((x) => x.id),
        index,
        step,
      ),
      {
        onSuccess: () => toast({ title: 'Order Saved', description: `${nameOf(item)} moved ${step < 0 ? 'up' : 'down'}.`, variant: 'success' }),
        onError: (err) => toast({ title: 'Order Not Saved', description: errorMessage(err, 'Could not change the order. Please try again.'), variant: 'destructive' }),
      },
    );
  };
}
