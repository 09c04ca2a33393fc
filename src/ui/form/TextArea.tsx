import { forwardRef, useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cx } from '../cx';
import { FieldHelp, describedBy } from './FieldHelp';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | null;
  helperText?: ReactNode;
  /** The field's length limit: a counter shows near it (no maxLength, nothing is cut). */
  maxChars?: number;
  className?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multiline TextField (same label, error and help wiring). */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField({ label, error, helperText, maxChars, className, id, required, rows = 2, ...area }, ref) {
  const autoId = useId();
  const areaId = id ?? autoId;
  const helpId = `${areaId}-help`;
  const help = error || helperText;
  const length = String(area.value ?? '').length;
  return (
    <div className={cx('kg-field', error && 'kg-field--error', className)}>
      <label className="kg-field__label" htmlFor={areaId}>
        {label}
        {required && (
          <span className="kg-field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <textarea
        id={areaId}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(helpId, help, length, maxChars)}
        className="kg-field__input kg-textarea"
        ref={ref} {...area}
      />
      <FieldHelp id={helpId} error={error} helperText={helperText} length={length} maxChars={maxChars} />
    </div>
  );
});
