import type { InputHTMLAttributes, ReactNode } from 'react';
import { cx } from '../cx';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'checked'> {
  label: ReactNode;
  /** A second, muted line under the label (also read as the checkbox's description). */
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}

export function Checkbox({ label, description, checked, onChange, className, disabled, ...input }: CheckboxProps) {
  return (
    <label className={cx('kg-checkbox', disabled && 'kg-checkbox--disabled', className)}>
      <input type="checkbox" className="kg-checkbox__input" checked={checked} disabled={disabled} onChange={(e) => onChange(e.currentTarget.checked)} {...input} />
      <span className="kg-checkbox__text">
        <span className="kg-checkbox__label">{label}</span>
        {description && <span className="kg-checkbox__description">{description}</span>}
      </span>
    </label>
  );
}
