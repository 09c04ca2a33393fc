import type { ReactNode } from 'react';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { RefreshIcon, ShieldIcon } from '../../../ui/icons';
import { useTitleInShell } from '../../shell-title';

/** Pieces shared by the admin widgets (user and role management). */

/** The screen's title, subtitle and actions; inside the app the top bar shows the title instead (shell-title.ts). */
export function AdminHeader({ title, subtitle, actions }: { title: string; subtitle: string; actions?: ReactNode }) {
  const titleInShell = useTitleInShell();
  return (
    <header className="kg-admin__header">
      <div className="kg-admin__heading">
        {!titleInShell && <h2 className="kg-admin__title">{title}</h2>}
        <p className="kg-admin__subtitle">{subtitle}</p>
      </div>
      {actions && <div className="kg-admin__header-actions">{actions}</div>}
    </header>
  );
}

/** What a signed-in user without the page's permission sees (spec §6). */
export function AccessDenied({ text }: { text: string }) {
  return (
    <div className="kg-admin__denied">
      <span className="kg-admin__denied-icon" aria-hidden="true">
        <ShieldIcon />
      </span>
      <Alert severity="error">{text}</Alert>
    </div>
  );
}

/** A failed first load: the message and a Retry button. */
export function LoadFailed({ text, retryLabel, onRetry }: { text: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="kg-admin__failed">
      <Alert severity="error">{text}</Alert>
      <Button variant="outlined" startIcon={<RefreshIcon />} onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

/** Active/Inactive as a coloured chip. */
export function StatusChip({ active, activeText, inactiveText }: { active: boolean; activeText: string; inactiveText: string }) {
  return <span className={cx('kg-chip', active ? 'kg-chip--success' : 'kg-chip--muted')}>{active ? activeText : inactiveText}</span>;
}
