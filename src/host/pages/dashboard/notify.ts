/** How a dashboard section reports an outcome: the page's toast. */
export type Notify = (message: string, severity?: 'success' | 'error') => void;
