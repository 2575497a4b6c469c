import type { ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { IconButton } from '../../../components/admin/icon-button';
import { PanelStates } from '../../../components/admin/panel-states';
import { cardClass, dangerButtonClass } from '../../../components/admin/styles';
import { MoveButtons, useMoveInList } from './content-form-parts';

/** A list's own words. */
export interface ContentListTexts<T> {
  /** What the list is, above it. */
  intro: string;
  /** What the list holds ("services"), for its loading and error texts; `empty` when it holds none. */
  noun: string;
  empty: string;
  /** The list's accessible name, where it has one. */
  listLabel?: string;
  /** For a list with Delete: what an item is ("project"), the toast's sentence once one is gone, and the dialog's warning. */
  deleting?: { kind: string; removed: (item: T) => string; warning: string };
}

type ListDelete<T> = NonNullable<ContentListTexts<T>['deleting']> & { mutation: Pick<UseMutationResult<unknown, Error, number>, 'mutateAsync' | 'isPending' | 'variables'> };

interface ContentListPanelProps<T extends { id: number }> {
  texts: ContentListTexts<T>;
  /** Beside the intro: an Add button, say. */
  action?: ReactNode;
  query: { data?: T[]; isPending: boolean; isError: boolean; error: unknown };
  reorder: Pick<UseMutationResult<unknown, Error, number[]>, 'mutate' | 'isPending'>;
  /** The delete call, for a list with Delete (`texts.deleting`). */
  remove?: ListDelete<T>['mutation'];
  /** The list's layout; a column of cards by default. */
  listClass?: string;
  itemClass?: string;
  /** An item as screen readers hear it after a button's text ("Move up"), and (`itemTitle`) as toasts and questions name it. */
  itemName: (item: T) => string;
  itemTitle?: (item: T) => string;
  /** An item's card; `buttons` (move and delete) go after its own. */
  children: (item: T, buttons: ReactNode) => ReactNode;
}

/** One of the owner's ordered lists of content: its intro, its states, then its items, each movable up and down and, where the list allows, deleted. */
export function ContentListPanel<T extends { id: number }>(props: ContentListPanelProps<T>) {
  const { texts, action, query, reorder, itemName, itemTitle = itemName, listClass = 'space-y-3', itemClass = `${cardClass} space-y-2 p-4`, children } = props;
  const list = query.data ?? [];
  const move = useMoveInList(list, reorder, itemTitle);
  const remove = props.remove && texts.deleting ? { ...texts.deleting, mutation: props.remove } : null;
  const introText = <p className="text-sm text-neutral-700">{texts.intro}</p>;
  return (
    <div className="space-y-4">
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {introText}
          {action}
        </div>
      ) : (
        introText
      )}
      <PanelStates query={query} loading={`Loading ${texts.noun}...`} failed={`Could not load the ${texts.noun}. Please reload the page.`} isEmpty={list.length === 0} empty={texts.empty}>
        <ul className={listClass} aria-label={texts.listLabel}>
          {list.map((item, index) => (
            <li key={item.id} className={itemClass}>
              {children(
                item,
                <>
                  <MoveButtons label={itemName(item)} index={index} count={list.length} disabled={reorder.isPending} onMove={(step) => move(index, step)} />
                  {remove && <DeleteButton remove={remove} item={item} name={itemName(item)} title={itemTitle(item)} />}
                </>,
              )}
            </li>
          ))}
        </ul>
      </PanelStates>
    </div>
  );
}

/** Delete, once the owner says yes; then says it is gone, or why not. */
function DeleteButton<T extends { id: number }>({ remove: { mutation, kind, removed, warning }, item, name, title }: { remove: ListDelete<T>; item: T; name: string; title: string }) {
  function onConfirm() {
    // mutateAsync: the refreshed list unmounts this item, and mutate's own callbacks would not run then.
    mutation.mutateAsync(item.id).then(
      () => toast({ title: `${kind[0]!.toUpperCase()}${kind.slice(1)} Deleted`, description: removed(item), variant: 'success' }),
      (err: unknown) => toast({ title: 'Error', description: errorMessage(err, `Could not delete the ${kind}. Please try again.`), variant: 'destructive' }),
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <IconButton Icon={Trash2} srLabel={name} className={dangerButtonClass} disabled={mutation.isPending && mutation.variables === item.id}>
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
