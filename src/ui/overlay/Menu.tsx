import {
  FloatingFocusManager,
  FloatingPortal,
  autoUpdate,
  flip,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
  useRole,
  type Placement,
} from '@floating-ui/react';
import { useRef, useState, type ReactNode } from 'react';
import { cx } from '../cx';
import { usePortalRoot } from './portal';

export interface MenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  onSelect?: () => void;
  /** Shown but not actionable (e.g. the signed-in user's name); skipped by arrow keys. */
  disabled?: boolean;
  /** Draw a divider above this item. */
  divider?: boolean;
}

export interface MenuProps {
  /** Accessible name of the trigger button and of the menu. */
  label: string;
  /** Content of the trigger button (usually an icon). */
  trigger: ReactNode;
  items: MenuItem[];
  placement?: Placement;
  triggerClassName?: string;
  /** Open on mount (a lazily loaded menu whose stand-in trigger was already clicked). */
  defaultOpen?: boolean;
}

/**
 * A menu button: click or Enter/Space opens it, arrow keys move between items, Escape or an
 * outside click closes it and focus returns to the trigger (floating-ui handles the wiring).
 */
export function Menu({ label, trigger, items, placement = 'bottom-end', triggerClassName, defaultOpen = false }: MenuProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const portalRoot = usePortalRoot();

  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    middleware: [offset(6), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'menu' }),
    useListNavigation(context, {
      listRef,
      activeIndex,
      onNavigate: setActiveIndex,
      loop: true,
      disabledIndices: items.flatMap((item, i) => (item.disabled ? [i] : [])),
    }),
  ]);

  return (
    <>
      <button
        type="button"
        ref={refs.setReference}
        aria-label={label}
        title={label}
        className={cx('kg-icon-btn', triggerClassName)}
        {...getReferenceProps()}
      >
        {trigger}
      </button>
      {open && (
        <FloatingPortal root={portalRoot ?? undefined}>
          <FloatingFocusManager context={context} modal={false}>
            {/* eslint-disable-next-line react-hooks/refs -- floating-ui's setFloating is a callback ref, not a ref's value */}
            <div ref={refs.setFloating} style={floatingStyles} className="kg-menu" aria-label={label} {...getFloatingProps()}>
              {items.map((item, index) => (
                <div key={item.key} role="none">
                  {item.divider && <div className="kg-menu__divider" role="separator" />}
                  <button
                    type="button"
                    role="menuitem"
                    className="kg-menu__item"
                    ref={(node) => {
                      listRef.current[index] = node;
                    }}
                    tabIndex={activeIndex === index ? 0 : -1}
                    aria-disabled={item.disabled || undefined}
                    data-active={activeIndex === index || undefined}
                    {...getItemProps({
                      onClick() {
                        if (item.disabled) return;
                        setOpen(false);
                        item.onSelect?.();
                      },
                    })}
                  >
                    {item.icon}
                    <span>{item.label}</span>
                  </button>
                </div>
              ))}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </>
  );
}
