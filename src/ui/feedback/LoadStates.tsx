import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from '../Button';
import { ArrowLeftIcon, RefreshIcon } from '../icons';
import { UI_TEXTS } from '../../contract/texts/common';

/**
 * The one pattern every screen uses for what is not data: a spinner while
 * loading (BlockSpinner), the empty text when there is nothing, ErrorState when loading failed
 * (never together with the empty text) and NotFoundState for an id that names nothing.
 */

/** Loading failed: the message and a Retry button; nothing else stands in for the data. */
export function ErrorState({ text, retryLabel = UI_TEXTS.retry, onRetry, children }: { text: string; retryLabel?: string; onRetry: () => void; children?: ReactNode }) {
  return (
    <div className="kg-state kg-state--error">
      <Alert severity="error">{text}</Alert>
      <div className="kg-state__actions">
        {children}
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={onRetry}>
          {retryLabel}
        </Button>
      </div>
    </div>
  );
}

/**
 * The record of the address does not exist (deleted, mistyped, or not an id at all): says so and
 * offers the way back to its list (a link in the host, where `href` is given; else a button).
 */
export function NotFoundState({ title, text, backLabel, onBack, href }: { title: string; text?: string; backLabel: string; onBack: () => void; href?: string }) {
  return (
    <div className="kg-state kg-state--not-found" role="status">
      <h2 className="kg-state__title">{title}</h2>
      {text && <p className="kg-state__text">{text}</p>}
      {href ? (
        <a
          className="kg-btn kg-btn--outlined kg-state__back"
          href={href}
          onClick={(e) => {
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            onBack();
          }}
        >
          <span className="kg-btn__icon">
            <ArrowLeftIcon />
          </span>
          {backLabel}
        </a>
      ) : (
        <Button variant="outlined" startIcon={<ArrowLeftIcon />} onClick={onBack}>
          {backLabel}
        </Button>
      )}
    </div>
  );
}
