import { useEffect } from 'react';
import { LIMITS } from '../../contract/limits';
import { Toast } from '../../ui';
import { useToast } from '../../widgets';

/**
 * A message that outlives a navigation: a form saves, then the route changes and the form's page
 * (and any toast it owned) unmounts. The page calls flash() before navigating; the shell's
 * FlashToast, which stays mounted, shows it on the next page.
 */
type Listener = (message: string, severity: 'success' | 'error') => void;
let listener: Listener | null = null;

export function flash(message: string, severity: 'success' | 'error' = 'success'): void {
  listener?.(message, severity);
}

export function FlashToast() {
  const { toast, show, close } = useToast();
  useEffect(() => {
    listener = show;
    return () => {
      if (listener === show) listener = null;
    };
  }, [show]);
  return <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />;
}
