import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BlockSpinner } from '../../ui';
import { ShellTitleContext } from '../../widgets';
import { GraphDialogHost } from '../graph/GraphDialogHost';
import { Drawer } from './Drawer';
import { FlashToast } from './flash';
import { pageTitle } from './nav';
import { PageTitleContext } from './page-title';
import { TopBar } from './TopBar';
import { UnsavedChangesPrompt } from './UnsavedChangesPrompt';
import { useMediaQuery } from './use-media-query';
import './shell.css';

/** Below the md breakpoint (900 px) the drawer starts closed and overlays the page. */
const NARROW = '(max-width: 899.98px)';

export function AppShell() {
  const narrow = useMediaQuery(NARROW);
  const [open, setOpen] = useState(() => !window.matchMedia(NARROW).matches);
  const [passedTitle, setPassedTitle] = useState<string | null>(null);
  const { pathname } = useLocation();
  const menuRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const toggledByUser = useRef(false);

  // An overlaying drawer gets out of the way once the user has picked a page.
  useEffect(() => {
    if (narrow) setOpen(false);
  }, [pathname, narrow]);

  // Keep keyboard focus on the control that now toggles the drawer (the other one vanishes).
  useEffect(() => {
    if (!toggledByUser.current) return;
    toggledByUser.current = false;
    (open ? closeRef : menuRef).current?.focus();
  }, [open]);

  const toggle = (next: boolean) => {
    toggledByUser.current = true;
    setOpen(next);
  };

  return (
    <PageTitleContext value={setPassedTitle}>
      <div
        className="kg-shell"
        data-drawer={open ? 'open' : 'closed'}
        data-layout={narrow ? 'overlay' : 'push'}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && narrow && open) toggle(false);
        }}
      >
        <Drawer open={open} onClose={() => toggle(false)} closeRef={closeRef} />
        {narrow && open && <div className="kg-shell__backdrop" aria-hidden="true" onClick={() => toggle(false)} />}
        <div className="kg-shell__main">
          <TopBar title={pageTitle(pathname, passedTitle)} drawerOpen={open} onOpenDrawer={() => toggle(true)} menuRef={menuRef} />
          <main className="kg-content" id="main">
            {/* The top bar shows each page's title: the screens leave theirs out. */}
            <ShellTitleContext value={true}>
              <Suspense fallback={<BlockSpinner />}>
                <Outlet />
              </Suspense>
            </ShellTitleContext>
          </main>
        </div>
        <GraphDialogHost />
        <FlashToast />
        <UnsavedChangesPrompt />
      </div>
    </PageTitleContext>
  );
}
