import { FloatingPortal, autoUpdate, flip, offset, size, useFloating } from '@floating-ui/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type UIEvent } from 'react';
import { cx } from './cx';
import { usePortalRoot } from './portal';
import { ChevronDownIcon, CloseIcon } from './icons';
import { Spinner } from './Spinner';
import { UI_TEXTS } from '../contract/texts/common';
import { useAsyncOptions, type LoadOptions } from './use-async-options';

export interface ComboboxTexts {
  /** While the first page loads (spec: 'Loading...'). */
  loading: string;
  /** A search with no result (spec: 'No code found'). */
  noResults: string;
  /** Nothing typed yet and `searchOnEmpty` is off (spec: 'Type to search SNOMED'). */
  idle?: string;
}

export interface ComboboxProps<T> {
  label: string;
  placeholder?: string;
  value: T | null;
  onChange: (value: T | null) => void;
  /** Page `page` (0-based) of the options for `query`. */
  loadOptions: LoadOptions<T>;
  optionKey: (option: T) => string;
  optionLabel: (option: T) => string;
  /** Second line of an option (e.g. 'Type: Disease | SNOMED: 22298006'). */
  optionDescription?: (option: T) => ReactNode;
  /** Options to leave out (e.g. the relation's source node from the target picker). */
  exclude?: (option: T) => boolean;
  texts?: Partial<ComboboxTexts>;
  /** Accessible name of the clear button shown on an optional picker with a value (default 'Clear {label}'). */
  clearLabel?: string;
  /** Milliseconds of quiet typing before a search (default 300). */
  debounceMs?: number;
  /** Load options for an empty query too (default true; the SNOMED picker waits for typing). */
  searchOnEmpty?: boolean;
  /** A fixed entry at the end of the list, e.g. '+ Create New Node'. */
  action?: { label: string; onSelect: (query: string) => void };
  required?: boolean;
  disabled?: boolean;
  error?: string | null;
  helperText?: ReactNode;
  id?: string;
  className?: string;
}

/** Read at each render (the texts follow the active language). */
const DEFAULT_TEXTS: ComboboxTexts = UI_TEXTS.combobox;

/**
 * A searchable picker over server-side options (ARIA 1.2 combobox + listbox): typing searches
 * after a pause, the list loads the next page when scrolled to its bottom, arrow keys move,
 * Enter picks, Escape closes (and restores the chosen value's label). Enter never submits the
 * surrounding form. The list renders through the portal root so it stays inside a widget's shadow
 * root, or into the modal <dialog> around the picker (the top layer would cover it, and the page
 * outside a modal dialog is inert). An optional picker with a value has a clear button.
 */
export function Combobox<T>(props: ComboboxProps<T>) {
  const { label, placeholder, value, onChange, loadOptions, optionKey, optionLabel, optionDescription, exclude, action, required, disabled, error, helperText, className } = props;
  const texts = { ...DEFAULT_TEXTS, ...props.texts };
  const autoId = useId();
  const inputId = props.id ?? autoId;
  const listId = `${inputId}-list`;
  const helpId = `${inputId}-help`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const portalRoot = usePortalRoot();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [dialogRoot, setDialogRoot] = useState<HTMLElement | null>(null);

  const options = useAsyncOptions(loadOptions, query, { enabled: open, debounceMs: props.debounceMs ?? 300, searchOnEmpty: props.searchOnEmpty ?? true });
  const items = exclude ? options.items.filter((o) => !exclude(o)) : options.items;
  const count = items.length + (action ? 1 : 0);

  const { refs, floatingStyles } = useFloating({
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

  useEffect(() => setActive(-1), [options.loadedQuery]);
  useEffect(() => {
    if (!disabled) return;
    setOpen(false);
    setActive(-1);
  }, [disabled]);
  useEffect(() => {
    if (active >= 0) listRef.current?.querySelector(`[id="${listId}-${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const shown = open ? query : value ? optionLabel(value) : '';

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

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
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

  const onScroll = (e: UIEvent<HTMLUListElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) options.loadMore();
  };

  // A failed first page shows nothing (spec §8): no 'no results' for a search that did not run.
  const statusText =
    options.loading && items.length === 0
      ? texts.loading
      : !query.trim() && !(props.searchOnEmpty ?? true)
        ? texts.idle
        : options.loadedQuery !== null && items.length === 0 && !options.failed
          ? texts.noResults
          : null;
  const hasContent = items.length > 0 || !!statusText || options.loading || !!action;
  const help = error || helperText;
  const clearable = !required && !disabled && value !== null && !open;

  return (
    <div className={cx('kg-field kg-combobox', error && 'kg-field--error', className)}>
      <label className="kg-field__label" htmlFor={inputId}>
        {label}
        {required && (
          <span className="kg-field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className="kg-field__control" ref={refs.setReference}>
        <input
          ref={inputRef}
          id={inputId}
          role="combobox"
          type="text"
          autoComplete="off"
          className={cx('kg-field__input', 'kg-field__input--adorned', clearable && 'kg-combobox__input--clearable')}
          placeholder={placeholder}
          value={shown}
          disabled={disabled}
          required={required}
          aria-required={required || undefined}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={help ? helpId : undefined}
          onClick={openList}
          onBlur={close}
          onChange={(e) => {
            setQuery(e.target.value);
            if (!open) setOpen(true);
            if (e.target.value === '' && value && !required) onChange(null);
          }}
          onKeyDown={onKeyDown}
        />
        {clearable && (
          <button
            type="button"
            className="kg-icon-btn kg-combobox__clear"
            aria-label={props.clearLabel ?? UI_TEXTS.clearField(label)}
            title={props.clearLabel ?? UI_TEXTS.clearField(label)}
            onClick={() => {
              onChange(null);
              inputRef.current?.focus();
            }}
          >
            <CloseIcon size={16} />
          </button>
        )}
        <span className="kg-field__adornment">{open && options.loading ? <Spinner size={16} label={texts.loading} /> : <ChevronDownIcon />}</span>
      </div>
      {help && (
        <div id={helpId} className={cx('kg-field__help', error && 'kg-field__help--error')}>
          {help}
        </div>
      )}
      {open && hasContent && (
        <FloatingPortal root={dialogRoot ?? portalRoot ?? undefined}>
          {/* The popup holds the listbox (options only, as ARIA requires) and the status lines around it. */}
          <div
            // eslint-disable-next-line react-hooks/refs -- floating-ui's setFloating is a callback ref, not a ref's value
            ref={refs.setFloating}
            className="kg-combobox__popup"
            style={floatingStyles}
            // Keep focus in the input while clicking an option or the scrollbar.
            onMouseDown={(e) => e.preventDefault()}
          >
            {statusText && (
              <div className="kg-combobox__status" role="status">
                {statusText}
              </div>
            )}
            <ul ref={listRef} id={listId} role="listbox" aria-label={label} className="kg-combobox__list" onScroll={onScroll}>
              {items.map((option, index) => (
                <li
                  key={optionKey(option)}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={value ? optionKey(value) === optionKey(option) : false}
                  data-active={active === index || undefined}
                  className="kg-combobox__option"
                  onClick={() => pick(index)}
                  onMouseMove={() => setActive(index)}
                >
                  <span className="kg-combobox__label">{optionLabel(option)}</span>
                  {optionDescription && <span className="kg-combobox__description">{optionDescription(option)}</span>}
                </li>
              ))}
              {action && (
                <li
                  id={`${listId}-${items.length}`}
                  role="option"
                  aria-selected={false}
                  data-active={active === items.length || undefined}
                  className="kg-combobox__option kg-combobox__action"
                  onClick={() => pick(items.length)}
                  onMouseMove={() => setActive(items.length)}
                >
                  {action.label}
                </li>
              )}
            </ul>
            {options.loading && items.length > 0 && (
              <div className="kg-combobox__status kg-combobox__more">
                <Spinner size={16} label={texts.loading} />
              </div>
            )}
          </div>
        </FloatingPortal>
      )}
    </div>
  );
}
