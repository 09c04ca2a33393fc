import { useCallback, useRef, useState } from 'react';
import type { ToastMessage } from '../../ui/feedback/Toast';

/** One toast at a time: a new one replaces the current one (and restarts the timer). */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const next = useRef(0);
  const show = useCallback((message: string, severity: ToastMessage['severity'] = 'success') => {
    next.current += 1;
    setToast({ id: next.current, message, severity });
  }, []);
  const close = useCallback(() => setToast(null), []);
  return { toast, show, close };
}
