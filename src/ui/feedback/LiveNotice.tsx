import { Alert } from './Alert';
import { Button } from '../Button';

/**
 * "Changed elsewhere — Reload": what a screen that cannot simply reload (a graph the user arranged,
 * a form being edited) shows when a live change concerns it. The user decides when to reload.
 */
export function LiveNotice({ text, reloadLabel, onReload, className }: { text: string; reloadLabel: string; onReload: () => void; className?: string }) {
  return (
    <Alert severity="info" className={className ? `kg-live-notice ${className}` : 'kg-live-notice'}>
      <span className="kg-live-notice__text">{text}</span>
      <Button variant="text" className="kg-live-notice__reload" onClick={onReload}>
        {reloadLabel}
      </Button>
    </Alert>
  );
}
