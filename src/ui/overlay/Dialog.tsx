import { useEffect, useId, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { cx } from '../cx';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Escape or a click on the backdrop asks to close; the owner decides. */
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** When given, content and actions sit in a <form> so Enter submits. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Element to focus on open; else the first field or button inside. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** While busy the dialog cannot be dismissed. */
  busy?: boolean;
  className?: string;
}

/** The focused element, looking inside shadow roots (inside a widget, document.activeElement is its host). */
function deepActiveElement(): HTMLElement | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

const FOCUSABLE = '[autofocus], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page inert and handles
 * Escape (as a cancel event we route to onClose, so React state stays the source of truth).
 * Focus goes to the first field on open and back to the opener on close.
 */
export function Dialog({ open, title, onClose, children, actions, onSubmit, initialFocusRef, busy, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = deepActiveElement();
    if (!dialog.open) dialog.showModal();
    (initialFocusRef?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocusRef]);

  const body = (
    <>
      <h2 id={titleId} className="kg-dialog__title">
        {title}
      </h2>
      <div className="kg-dialog__content">{children}</div>
      {actions && <div className="kg-dialog__actions">{actions}</div>}
    </>
  );

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={cx('kg-dialog', className)}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      onClick={(e) => {
        // The dialog has no padding, so a click whose target is the <dialog> itself hit the backdrop.
        if (e.target === e.currentTarget && !busy) onClose();
      }}
    >
      {open &&
        (onSubmit ? (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              onSubmit(e);
            }}
          >
            {body}
          </form>
        ) : (
          <div>{body}</div>
        ))}
    </dialog>
  );
}
