import { cx } from '../cx';

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

/** Screen readers hear the job's progress in steps of this many percent (every percent is noise). */
const ANNOUNCE_STEP = 10;

/**
 * A determinate progress bar (role=progressbar) with an optional message and percent. Job
 * progress (node upload, SNOMED import, backup) is announced through a polite live region that
 * is in the bar from its first render, so each later change is read (the visible text is hidden
 * from assistive technology: it would be read twice):
 * the stage message when it changes and the percent in steps of ANNOUNCE_STEP.
 */
export function ProgressBar({ value, label, message, showPercent = true, className }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  const announced = `${label}: ${message ? `${message}, ` : ''}${Math.floor(percent / ANNOUNCE_STEP) * ANNOUNCE_STEP}%`;
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
        <div className="kg-progress__text" aria-hidden="true">
          <span className="kg-progress__message">{message}</span>
          {showPercent && <span className="kg-progress__percent">{percent}%</span>}
        </div>
      )}
      <span className="kg-visually-hidden" role="status" aria-live="polite">
        {announced}
      </span>
    </div>
  );
}
