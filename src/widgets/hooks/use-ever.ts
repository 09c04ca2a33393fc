import { useState } from 'react';

/**
 * True from the first render in which `condition` is true on. Lets a screen mount a lazily loaded
 * dialog when it is first needed and then keep it mounted (so it opens and closes as before).
 */
export function useEver(condition: boolean): boolean {
  const [ever, setEver] = useState(condition);
  if (condition && !ever) setEver(true);
  return ever || condition;
}
