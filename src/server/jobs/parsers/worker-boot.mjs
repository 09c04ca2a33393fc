// Entry of a parser worker thread (see off-thread.ts). Plain JavaScript so that the thread can
// start whatever runs the server — `tsx`, `node --import tsx`, vitest or the e2e server — and
// loads the TypeScript parsers through tsx's loader, registered for this thread only.
// eslint-disable-next-line no-restricted-imports -- tsx's API, not our browser layer src/api
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker-entry.ts', import.meta.url);
