import { createContext, useContext, useEffect } from 'react';

/** Lets a page pass its own top-bar title (used when the path ends in an id). */
export const PageTitleContext = createContext<(title: string | null) => void>(() => undefined);

export function usePageTitle(title: string | null | undefined): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title ?? null);
    return () => setTitle(null);
  }, [title, setTitle]);
}
