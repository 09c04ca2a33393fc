import type { CSSProperties, ReactNode } from 'react';
import { isHexColor } from '../contract/knowledge/type-colors';
import { cx } from './cx';

export interface ChipProps {
  color?: 'primary' | 'secondary' | 'default';
  /** A stored node-type colour (`#rrggbb`): the chip takes it instead of `color`. */
  tint?: string | null;
  children: ReactNode;
  className?: string;
}

/** A chip is one line cut with an ellipsis (ui.css); a text chip carries its whole text as the title. */
export function Chip({ color = 'default', tint, children, className }: ChipProps) {
  // Only a well-formed hex colour reaches the style; anything else keeps the theme colour.
  const tinted = tint != null && isHexColor(tint);
  return (
    <span
      className={cx('kg-chip', tinted ? 'kg-chip--tinted' : `kg-chip--${color}`, className)}
      style={tinted ? ({ '--kg-chip-tint': tint } as CSSProperties) : undefined}
      title={typeof children === 'string' ? children : undefined}
    >
      {children}
    </span>
  );
}
