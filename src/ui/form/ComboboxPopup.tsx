import { FloatingPortal } from '@floating-ui/react';
import type { CSSProperties, ReactNode, RefObject } from 'react';
import { Spinner } from '../feedback/Spinner';
import type { ComboboxList } from './use-combobox';

export interface ComboboxPopupProps<T> {
  list: ComboboxList<T>;
  listRef: RefObject<HTMLUListElement | null>;
  label: string;
  listId: string;
  value: T | null;
  optionKey: (option: T) => string;
  optionLabel: (option: T) => string;
  optionDescription?: (option: T) => ReactNode;
  action?: { label: string };
  statusText: string | null | undefined;
  loadingText: string;
  portalRoot: HTMLElement | null;
  setFloating: (el: HTMLElement | null) => void;
  floatingStyles: CSSProperties;
}

/**
 * The Combobox's popup: the listbox (options only, as ARIA requires) and the status lines around
 * it. It renders through the portal root, or into the modal <dialog> around the picker.
 */
export function ComboboxPopup<T>({ list, listRef, label, listId, statusText, loadingText, portalRoot, setFloating, floatingStyles, ...p }: ComboboxPopupProps<T>) {
  const { items, options } = list;
  return (
    <FloatingPortal root={list.dialogRoot ?? portalRoot ?? undefined}>
      <div
        ref={setFloating}
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
        <ul ref={listRef} id={listId} role="listbox" aria-label={label} className="kg-combobox__list" onScroll={list.onScroll}>
          {items.map((option, index) => (
            <OptionItem key={p.optionKey(option)} list={list} index={index} listId={listId} selected={p.value ? p.optionKey(p.value) === p.optionKey(option) : false}>
              <span className="kg-combobox__label">{p.optionLabel(option)}</span>
              {p.optionDescription && <span className="kg-combobox__description">{p.optionDescription(option)}</span>}
            </OptionItem>
          ))}
          {p.action && (
            <OptionItem list={list} index={items.length} listId={listId} selected={false} className="kg-combobox__action">
              {p.action.label}
            </OptionItem>
          )}
        </ul>
        {options.loading && items.length > 0 && (
          <div className="kg-combobox__status kg-combobox__more">
            <Spinner size={16} label={loadingText} />
          </div>
        )}
      </div>
    </FloatingPortal>
  );
}

function OptionItem<T>({ list, index, listId, selected, className, children }: { list: ComboboxList<T>; index: number; listId: string; selected: boolean; className?: string; children: ReactNode }) {
  return (
    <li
      id={`${listId}-${index}`}
      role="option"
      aria-selected={selected}
      data-active={list.active === index || undefined}
      className={className ? `kg-combobox__option ${className}` : 'kg-combobox__option'}
      onClick={() => list.pick(index)}
      onMouseMove={() => list.setActive(index)}
    >
      {children}
    </li>
  );
}
