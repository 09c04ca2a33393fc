import type { ReactNode } from 'react';
import { cx } from '../cx';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from '../icons';
import { UI_TEXTS } from '../../contract/texts/common';

export type AlertSeverity = 'error' | 'success' | 'warning' | 'info';

export interface AlertProps {
  severity?: AlertSeverity;
  children: ReactNode;
  onClose?: () => void;
  className?: string;
}

const ICONS = { error: AlertIcon, warning: AlertIcon, success: CheckCircleIcon, info: InfoIcon };

/** Errors interrupt (role=alert); other severities are polite status messages. */
export function Alert({ severity = 'error', children, onClose, className }: AlertProps) {
  const Icon = ICONS[severity];
  return (
    <div role={severity === 'error' ? 'alert' : 'status'} className={cx('kg-alert', `kg-alert--${severity}`, className)}>
      <span className="kg-alert__icon">
        <Icon />
      </span>
      <div className="kg-alert__body">{children}</div>
      {onClose && (
        <button type="button" className="kg-icon-btn kg-alert__close" aria-label={UI_TEXTS.close} onClick={onClose}>
          <CloseIcon size={16} />
        </button>
      )}
    </div>
  );
}
