import { forwardRef, useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { cx } from '../cx';
import { ChevronDownIcon } from '../icons';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size' | 'onChange'> {
  label: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** A first, empty choice (e.g. 'Select a role'); it cannot be chosen again once a value is set when required. */
  placeholder?: string;
  error?: string | null;
  helperText?: ReactNode;
  /** Keep the label for assistive technology only (compact filter bars). */
  hideLabel?: boolean;
  className?: string;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A labelled native <select>: the platform's own list (keyboard, screen readers, mobile
 * pickers) with no floating layer to position, so it works the same inside a shadow root.
 */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, options, onChange, placeholder, error, helperText, hideLabel, className, id, required, ...select }, ref) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const helpId = `${selectId}-help`;
  const help = error || helperText;
  return (
    <div className={cx('kg-field', error && 'kg-field--error', className)}>
      <label className={hideLabel ? 'kg-visually-hidden' : 'kg-field__label'} htmlFor={selectId}>
        {label}
        {required && (
          <span className="kg-field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className="kg-field__control">
        <select
          id={selectId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={help ? helpId : undefined}
          className="kg-field__input kg-select"
          onChange={(e) => onChange(e.currentTarget.value)}
          ref={ref} {...select}
        >
          {placeholder !== undefined && (
            <option value="" disabled={required}>
              {placeholder}
            </option>
          )}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <span className="kg-select__chevron" aria-hidden="true">
          <ChevronDownIcon />
        </span>
      </div>
      {help && (
        <div id={helpId} className={cx('kg-field__help', error && 'kg-field__help--error')}>
          {help}
        </div>
      )}
    </div>
  );
});
