import type { ReactNode } from 'react';
import { cx } from './cx';

export interface ChipProps {
  color?: 'primary' | 'secondary' | 'default';
  children: ReactNode;
  className?: string;
}

/** A chip is one line cut with an ellipsis (ui.css); a text chip carries its whole text as the title. */
export function Chip({ color = 'default', children, className }: ChipProps) {
  return (
    <span className={cx('kg-chip', `kg-chip--${color}`, className)} title={typeof children === 'string' ? children : undefined}>
      {children}
    </span>
  );
}
