import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../ui';
import { ArrowLeftIcon } from '../../ui/icons';
import { hasBackButton, parentPath } from './nav';
import { SHELL_TEXTS } from '../../contract/texts/shell';

/** react-router's BrowserRouter numbers its history entries; idx 0 is where the app was entered. */
export function hasAppHistory(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && typeof (state as { idx?: unknown }).idx === 'number' && (state as { idx: number }).idx > 0;
}

/** Shown on create/add/new/edit/update/view paths: one step back, else the parent path. */
export function BackButton() {
  const location = useLocation();
  const navigate = useNavigate();
  if (!hasBackButton(location.pathname)) return null;
  return (
    <Button
      variant="text"
      className="kg-topbar__back"
      startIcon={<ArrowLeftIcon />}
      onClick={() => (hasAppHistory() ? navigate(-1) : navigate(parentPath(location.pathname)))}
    >
      {/* On phones the word gives its room to the page title (shell.css); the button keeps its name. */}
      <span className="kg-topbar__back-label">{SHELL_TEXTS.back}</span>
    </Button>
  );
}
