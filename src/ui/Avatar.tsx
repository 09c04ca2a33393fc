import { cx } from './cx';

export interface AvatarProps {
  /** The initial of this name is shown. */
  name: string;
  size?: number;
  className?: string;
}

/** A round initial badge; decorative, since the name is always shown beside it. */
export function Avatar({ name, size = 40, className }: AvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span aria-hidden="true" className={cx('kg-avatar', className)} style={{ width: size, height: size, fontSize: size * 0.42 }}>
      {initial}
    </span>
  );
}
