import { useEffect, useRef } from 'react';
import { cx } from '../cx';
import { AlertIcon, CheckCircleIcon, CloseIcon } from '../icons';
import { Portal } from '../overlay/portal';
import { useLatest } from '../use-latest';
import { UI_TEXTS } from '../../contract/texts/common';

export interface ToastMessage {
  /** A new id shows the toast again (and restarts its timer) even with the same text. */
  id: number;
  message: string;
  severity: 'success' | 'error';
}

export interface ToastProps {
  toast: ToastMessage | null;
  onClose: () => void;
  /** Auto-hide delay (spec §9: 6 s on lists). */
  duration?: number;
}

const canPopover = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

/**
 * A snackbar at the bottom centre. It is a manual popover where supported, so it sits in the top
 * layer above the page (and above a dialog that opened before it), whatever z-index the embedding
 * page uses; otherwise a fixed element. Errors are announced assertively, successes politely.
 */
export function Toast({ toast, onClose, duration = 6000 }: ToastProps) {
  const region = useRef<HTMLDivElement>(null);
  const close = useLatest(onClose);
  const id = toast?.id;

  useEffect(() => {
    if (id === undefined) return;
    const timer = setTimeout(() => close.current(), duration);
    return () => clearTimeout(timer);
  }, [id, duration, close]);

  useEffect(() => {
    const el = region.current;
    if (!el || !canPopover) return;
    if (el.matches(':popover-open')) el.hidePopover();
    // Shown again for each toast, so it is the newest (topmost) entry in the top layer.
    if (id !== undefined) el.showPopover();
  }, [id]);

  return (
    <Portal>
      <div ref={region} className="kg-toast-region" popover={canPopover ? 'manual' : undefined} aria-live="polite">
        {toast && (
          <div key={toast.id} role={toast.severity === 'error' ? 'alert' : 'status'} className={cx('kg-toast', `kg-toast--${toast.severity}`)}>
            <span className="kg-toast__icon">{toast.severity === 'error' ? <AlertIcon /> : <CheckCircleIcon />}</span>
            <span className="kg-toast__message">{toast.message}</span>
            <button type="button" className="kg-icon-btn kg-toast__close" aria-label={UI_TEXTS.close} onClick={onClose}>
              <CloseIcon size={16} />
            </button>
          </div>
        )}
      </div>
    </Portal>
  );
}
