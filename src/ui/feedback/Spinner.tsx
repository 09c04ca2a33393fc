import { cx } from '../cx';
import { UI_TEXTS } from '../../contract/texts/common';

export interface SpinnerProps {
  size?: number;
  /**
   * Accessible name; the spinner is announced as a busy progress indicator. '' = decorative (a
   * loading button, an overlay with its own text): hidden from assistive technology, since a
   * progressbar without a name is an axe violation and would be read as an unnamed widget.
   */
  label?: string;
  className?: string;
}

export function Spinner({ size = 32, label = UI_TEXTS.loading, className }: SpinnerProps) {
  const border = Math.max(2, Math.round(size / 10));
  const named = label !== '';
  return (
    <span
      role={named ? 'progressbar' : undefined}
      aria-label={named ? label : undefined}
      aria-busy={named ? 'true' : undefined}
      aria-hidden={named ? undefined : 'true'}
      className={cx('kg-spinner', className)}
      style={{ width: size, height: size, borderWidth: border }}
    />
  );
}

/** A spinner centred in the full screen height (session check, lazy page loads). */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="kg-spinner-page">
      <Spinner size={48} label={label} />
    </div>
  );
}

/** A spinner centred in the space of a section. */
export function BlockSpinner({ label }: { label?: string }) {
  return (
    <div className="kg-spinner-block">
      <Spinner size={36} label={label} />
    </div>
  );
}
