import { autoUpdate, flip, offset, size, useFloating } from '@floating-ui/react';
import { useEffect, useState, type KeyboardEvent, type RefObject, type UIEvent } from 'react';
import { useAsyncOptions, type LoadOptions } from './use-async-options';

/**
 * The Combobox's behaviour, apart from its markup (Combobox.tsx, ComboboxPopup.tsx):
 * the list's state and paging (useComboboxList), its keys (useComboboxKeys), its position
 * (useComboboxFloating) and the status line (comboboxStatus).
 */
export interface ComboboxListOptions<T> {
  loadOptions: LoadOptions<T>;
  exclude?: (option: T) => boolean;
  onChange: (value: T | null) => void;
  action?: { label: string; onSelect: (query: string) => void };
  debounceMs?: number;
  searchOnEmpty?: boolean;
  disabled?: boolean;
  listId: string;
  /** Made by the component (a ref inside the returned object would count as read during render). */
  inputRef: RefObject<HTMLInputElement | null>;
  listRef: RefObject<HTMLUListElement | null>;
}

/** Open/closed, the typed query, the active option and the options' pages (fetched while open). */
export function useComboboxList<T>({ loadOptions, exclude, onChange, action, disabled, listId, inputRef, listRef, ...o }: ComboboxListOptions<T>) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [dialogRoot, setDialogRoot] = useState<HTMLElement | null>(null);
  const searchOnEmpty = o.searchOnEmpty ?? true;

  const options = useAsyncOptions(loadOptions, query, { enabled: open, debounceMs: o.debounceMs ?? 300, searchOnEmpty });
  const items = exclude ? options.items.filter((x) => !exclude(x)) : options.items;
  const count = items.length + (action ? 1 : 0);

  useEffect(() => setActive(-1), [options.loadedQuery]);
  useEffect(() => {
    if (!disabled) return;
    setOpen(false);
    setActive(-1);
  }, [disabled]);
  useEffect(() => {
    if (active >= 0) listRef.current?.querySelector(`[id="${listId}-${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId, listRef]);

  const openList = () => {
    if (disabled || open) return;
    setDialogRoot(inputRef.current?.closest('dialog') ?? null);
    setQuery('');
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (index: number) => {
    if (index < items.length) onChange(items[index]);
    else action?.onSelect(query);
    close();
  };
  /** Typing opens the list (the first character may come before a click). */
  const type = (text: string) => {
    setQuery(text);
    if (!open) setOpen(true);
  };
  const onScroll = (e: UIEvent<HTMLUListElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) options.loadMore();
  };

  return { open, query, active, setActive, dialogRoot, options, items, count, searchOnEmpty, openList, close, pick, type, onScroll };
}

export type ComboboxList<T> = ReturnType<typeof useComboboxList<T>>;

/**
 * Arrow keys move (and open a closed list), Enter picks and never submits the form around the
 * picker, Escape closes the list only (not a dialog around it), Tab closes and moves on.
 */
export function useComboboxKeys<T>({ open, count, active, setActive, openList, pick, close }: ComboboxList<T>) {
  return (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return openList();
      if (count === 0) return;
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % count : i <= 0 ? count - 1 : i - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault(); // never submits the form around the picker
      if (open && active >= 0) pick(active);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation(); // a picker inside a dialog closes itself, not the dialog
      close();
    } else if (e.key === 'Tab' && open) {
      close();
    }
  };
}

/** The popup's position under the input (flipped above when there is no room), as wide as the input. */
export function useComboboxFloating(open: boolean) {
  return useFloating({
    open,
    placement: 'bottom-start',
    // Fixed: the list escapes scrolling containers and sits right inside a top-layer <dialog>.
    strategy: 'fixed',
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      size({
        padding: 8,
        apply({ rects, availableHeight, elements }) {
          Object.assign(elements.floating.style, { width: `${rects.reference.width}px`, maxHeight: `${Math.min(320, availableHeight)}px` });
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });
}

/**
 * The status line above the options. A failed first page shows nothing (spec §8): no 'no
 * results' for a search that did not run.
 */
export function comboboxStatus<T>(list: ComboboxList<T>, texts: { loading: string; noResults: string; idle?: string }): string | null | undefined {
  const { options, items, query, searchOnEmpty } = list;
  if (options.loading && items.length === 0) return texts.loading;
  if (!query.trim() && !searchOnEmpty) return texts.idle;
  if (options.loadedQuery !== null && items.length === 0 && !options.failed) return texts.noResults;
  return null;
}
