import { forwardRef, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '../cx';

export interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'checked' | 'role'> {
  /** The accessible name; shown beside the track unless hideLabel. */
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Keep the label for assistive technology only (e.g. a status switch in a table cell). */
  hideLabel?: boolean;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/** An on/off switch: a native checkbox with role="switch" (Space toggles it), drawn as a track. */
export const Switch = forwardRef<HTMLInputElement, SwitchProps>(function Switch({ label, checked, onChange, hideLabel, className, disabled, ...input }, ref) {
  return (
    <label className={cx('kg-switch', disabled && 'kg-switch--disabled', className)}>
      <input
        type="checkbox"
        role="switch"
        className="kg-switch__input"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
        ref={ref} {...input}
      />
      <span className="kg-switch__track" aria-hidden="true">
        <span className="kg-switch__thumb" />
      </span>
      <span className={hideLabel ? 'kg-visually-hidden' : 'kg-switch__label'}>{label}</span>
    </label>
  );
});
