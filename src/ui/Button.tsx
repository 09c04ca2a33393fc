import { forwardRef, type ButtonHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from './cx';
import { Spinner } from './feedback/Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outlined' | 'text' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  startIcon?: ReactNode;
  /** Shows a spinner in place of the start icon; callers also pass `disabled` and their busy text. */
  loading?: boolean;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant = 'primary', startIcon, loading, fullWidth, className, children, type = 'button', ...rest }, ref) {
  const icon = loading ? <Spinner size={16} label="" /> : startIcon;
  return (
    <button type={type} className={cx('kg-btn', `kg-btn--${variant}`, fullWidth && 'kg-btn--full', className)} ref={ref} {...rest}>
      {icon && <span className="kg-btn__icon">{icon}</span>}
      {children}
    </button>
  );
});

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** Required: an icon-only button has no text, so this is its accessible name and tooltip. */
  label: string;
  ref?: Ref<HTMLButtonElement>;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton({ label, className, children, type = 'button', title, ...rest }, ref) {
  return (
    <button type={type} aria-label={label} title={title ?? label} className={cx('kg-icon-btn', className)} ref={ref} {...rest}>
      {children}
    </button>
  );
});
