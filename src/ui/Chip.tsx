import type { ReactNode } from 'react';
import { cx } from './cx';

export interface ChipProps {
  color?: 'primary' | 'secondary' | 'default';
  children: ReactNode;
  className?: string;
}

export function Chip({ color = 'default', children, className }: ChipProps) {
  return <span className={cx('kg-chip', `kg-chip--${color}`, className)}>{children}</span>;
}
