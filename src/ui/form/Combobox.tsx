import { useId, useRef, type ReactNode } from 'react';
import { ComboboxPopup } from './ComboboxPopup';
import { cx } from '../cx';
import { usePortalRoot } from '../overlay/portal';
import { ChevronDownIcon, CloseIcon } from '../icons';
import { Spinner } from '../feedback/Spinner';
import { UI_TEXTS } from '../../contract/texts/common';
import type { LoadOptions } from './use-async-options';
import { comboboxStatus, useComboboxFloating, useComboboxKeys, useComboboxList } from './use-combobox';

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
  const { label, placeholder, value, onChange, optionLabel, action, required, disabled, error, helperText, className } = props;
  const texts = { ...DEFAULT_TEXTS, ...props.texts };
  const autoId = useId();
  const inputId = props.id ?? autoId;
  const listId = `${inputId}-list`;
  const helpId = `${inputId}-help`;
  const portalRoot = usePortalRoot();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const list = useComboboxList({ ...props, listId, inputRef, listRef });
  const { open, active, options, items } = list;
  const { refs, floatingStyles } = useComboboxFloating(open);
  const onKeyDown = useComboboxKeys(list);

  const shown = open ? list.query : value ? optionLabel(value) : '';
  const statusText = comboboxStatus(list, texts);
  const hasContent = items.length > 0 || !!statusText || options.loading || !!action;
  const help = error || helperText;
  const clearable = !required && !disabled && value !== null && !open;
  const clearLabel = props.clearLabel ?? UI_TEXTS.clearField(label);

  return (
    <div className={cx('kg-field kg-combobox', error && 'kg-field--error', className)}>
      <ComboboxLabel htmlFor={inputId} label={label} required={required} />
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
          onClick={list.openList}
          onBlur={list.close}
          onChange={(e) => {
            list.type(e.target.value);
            if (e.target.value === '' && value && !required) onChange(null);
          }}
          onKeyDown={onKeyDown}
        />
        {clearable && (
          <ClearButton
            label={clearLabel}
            onClick={() => {
              onChange(null);
              inputRef.current?.focus();
            }}
          />
        )}
        <span className="kg-field__adornment">{open && options.loading ? <Spinner size={16} label={texts.loading} /> : <ChevronDownIcon />}</span>
      </div>
      {help && (
        <div id={helpId} className={cx('kg-field__help', error && 'kg-field__help--error')}>
          {help}
        </div>
      )}
      {open && hasContent && (
        <ComboboxPopup
          {...props}
          list={list}
          listRef={listRef}
          listId={listId}
          statusText={statusText}
          loadingText={texts.loading}
          portalRoot={portalRoot}
          // eslint-disable-next-line react-hooks/refs -- floating-ui's setFloating is a callback ref, not a ref's value
          setFloating={refs.setFloating}
          floatingStyles={floatingStyles}
        />
      )}
    </div>
  );
}

function ComboboxLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label className="kg-field__label" htmlFor={htmlFor}>
      {label}
      {required && (
        <span className="kg-field__required" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

/** An optional picker's clear button (shown while it holds a value). */
function ClearButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="kg-icon-btn kg-combobox__clear" aria-label={label} title={label} onClick={onClick}>
      <CloseIcon size={16} />
    </button>
  );
}
