import { cx } from './cx';

export interface ProgressBarProps {
  /** 0-100. */
  value: number;
  /** Names the bar for assistive technology. */
  label: string;
  /** Shown under the bar (and read as the bar's value text). */
  message?: string;
  /** Show the percent beside the message. */
  showPercent?: boolean;
  className?: string;
}

/** A determinate progress bar (role=progressbar) with an optional message and percent. */
export function ProgressBar({ value, label, message, showPercent = true, className }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={cx('kg-progress', className)}>
      <div
        className="kg-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={message ? `${percent}% ${message}` : `${percent}%`}
      >
        <div className="kg-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      {(message || showPercent) && (
        <div className="kg-progress__text" aria-live="polite">
          <span className="kg-progress__message">{message}</span>
          {showPercent && <span className="kg-progress__percent">{percent}%</span>}
        </div>
      )}
    </div>
  );
}
