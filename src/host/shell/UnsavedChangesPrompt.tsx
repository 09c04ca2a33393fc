import { useRef } from 'react';
import { useBlocker } from 'react-router';
import { MESSAGES } from '../../contract';
import { Button, Dialog } from '../../ui';
import { forgetUnsavedChanges, hasUnsavedChanges } from '../../widgets';

const T = MESSAGES.unsaved;

/**
 * The in-app half of the unsaved-changes rule (widgets/unsaved-changes.ts has the registry and
 * the tab-close half): any navigation to another page — drawer, top bar, Back, a form's Cancel,
 * the browser's back button — waits for Stay or Leave while a form holds changes.
 */
export function UnsavedChangesPrompt() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && hasUnsavedChanges());
  const stayRef = useRef<HTMLButtonElement>(null);
  const blocked = blocker.state === 'blocked';
  return (
    <Dialog
      open={blocked}
      title={T.title}
      onClose={() => blocker.reset?.()}
      initialFocusRef={stayRef}
      actions={
        <>
          <Button variant="text" ref={stayRef} onClick={() => blocker.reset?.()}>
            {T.stay}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              forgetUnsavedChanges();
              blocker.proceed?.();
            }}
          >
            {T.leave}
          </Button>
        </>
      }
    >
      <p>{T.text}</p>
    </Dialog>
  );
}
