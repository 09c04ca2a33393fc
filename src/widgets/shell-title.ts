import { createContext, useContext } from 'react';

/**
 * True when a host shell already shows the page's title (the app's top bar). A screen's own
 * heading would then repeat it ("Knowledge Nodes" under "Knowledge Nodes", the relation form's two
 * titles and two Back controls), so headers leave the title (and a Back of their own) to the shell.
 * Embedded alone (kg-* elements on another page) nothing provides it and the headings stay.
 */
export const ShellTitleContext = createContext(false);

export const useTitleInShell = (): boolean => useContext(ShellTitleContext);
