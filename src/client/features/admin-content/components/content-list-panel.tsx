import type { ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { DeleteButton, type DeleteMutation } from '../../../components/admin/delete-button';
import { PanelStates } from '../../../components/admin/panel-states';
import { cardClass } from '../../../components/admin/styles';
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


interface ContentListPanelProps<T extends { id: number }> {
  texts: ContentListTexts<T>;
  /** Beside the intro: an Add button, say. */
  action?: ReactNode;
  query: { data?: T[]; isPending: boolean; isError: boolean; error: unknown };
  reorder: Pick<UseMutationResult<unknown, Error, number[]>, 'mutate' | 'isPending'>;
  /** The delete call, for a list with Delete (`texts.deleting`). */
  remove?: DeleteMutation;
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
  const { remove } = props;
  const deleting = texts.deleting;
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
                  {remove && deleting && (
                    <DeleteButton
                      mutation={remove}
                      id={item.id}
                      kind={deleting.kind}
                      srLabel={itemName(item)}
                      title={itemTitle(item)}
                      removed={deleting.removed(item)}
                      warning={deleting.warning}
                    />
                  )}
                </>,
              )}
            </li>
          ))}
        </ul>
      </PanelStates>
    </div>
  );
}
