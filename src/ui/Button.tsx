import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './cx';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outlined' | 'text' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  startIcon?: ReactNode;
  /** Shows a spinner in place of the start icon; callers also pass `disabled` and their busy text. */
  loading?: boolean;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', startIcon, loading, fullWidth, className, children, type = 'button', ...rest }: ButtonProps) {
  const icon = loading ? <Spinner size={16} label="" /> : startIcon;
  return (
    <button type={type} className={cx('kg-btn', `kg-btn--${variant}`, fullWidth && 'kg-btn--full', className)} {...rest}>
      {icon && <span className="kg-btn__icon">{icon}</span>}
      {children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** Required: an icon-only button has no text, so this is its accessible name and tooltip. */
  label: string;
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({ label, className, children, type = 'button', title, ...rest }: IconButtonProps) {
  return (
    <button type={type} aria-label={label} title={title ?? label} className={cx('kg-icon-btn', className)} {...rest}>
      {children}
    </button>
  );
}
