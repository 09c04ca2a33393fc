import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Heading text; also names the card region for assistive technology. */
  title?: ReactNode;
  /** Controls at the right of the header (e.g. an edit toggle). */
  action?: ReactNode;
  headingLevel?: 2 | 3;
  /** Render children straight into the card instead of the padded body. */
  bare?: boolean;
}

export function Card({ title, action, headingLevel = 2, bare, className, children, ...rest }: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={cx('kg-card', className)} {...rest}>
      {(title || action) && (
        <header className="kg-card__header">
          {title && <Heading className="kg-card__title">{title}</Heading>}
          {action}
        </header>
      )}
      {bare ? children : <div className="kg-card__body">{children}</div>}
    </section>
  );
}
