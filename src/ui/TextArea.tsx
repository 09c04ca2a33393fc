import { forwardRef, useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | null;
  helperText?: ReactNode;
  className?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multiline TextField (same label, error and help wiring). */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField({ label, error, helperText, className, id, required, rows = 2, ...area }, ref) {
  const autoId = useId();
  const areaId = id ?? autoId;
  const helpId = `${areaId}-help`;
  const help = error || helperText;
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
        aria-describedby={help ? helpId : undefined}
        className="kg-field__input kg-textarea"
        ref={ref} {...area}
      />
      {help && (
        <div id={helpId} className={cx('kg-field__help', error && 'kg-field__help--error')}>
          {help}
        </div>
      )}
    </div>
  );
});
