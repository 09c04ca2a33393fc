import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '../cx';
import { FieldHelp, describedBy } from './FieldHelp';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** Validation message; marks the input invalid and is announced with it. */
  error?: string | null;
  helperText?: ReactNode;
  /** The field's length limit: a counter shows near it (no maxLength, nothing is cut). */
  maxChars?: number;
  /** Decorative icon at the end of the input (e.g. a lock on a locked field). */
  endAdornment?: ReactNode;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, helperText, maxChars, endAdornment, className, id, required, ...input }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helpId = `${inputId}-help`;
  const help = error || helperText;
  const length = String(input.value ?? '').length;
  return (
    <div className={cx('kg-field', error && 'kg-field--error', className)}>
      <label className="kg-field__label" htmlFor={inputId}>
        {label}
        {required && (
          <span className="kg-field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className="kg-field__control">
        <input
          id={inputId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(helpId, help, length, maxChars)}
          className={cx('kg-field__input', endAdornment != null && 'kg-field__input--adorned')}
          ref={ref} {...input}
        />
        {endAdornment != null && <span className="kg-field__adornment">{endAdornment}</span>}
      </div>
      <FieldHelp id={helpId} error={error} helperText={helperText} length={length} maxChars={maxChars} />
    </div>
  );
});
