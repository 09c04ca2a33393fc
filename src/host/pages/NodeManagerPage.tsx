import { useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { FIRST_LIST_STATE, NodeManager, qualityFilterOf, type NodeListMemory, type NodeManagerView } from '../../widgets/node-manager';
import { openGraph, useAfterGraphCloses } from '../graph/open-graph';
import { usePageTitle } from '../shell/page-title';
import { SHELL_TEXTS } from '../../contract/texts/shell';
import { useCurrentUser } from '../session';

/**
 * The list's search, filters, page and layout while the app is open, per signed-in user: back
 * from a node shows the same page.
 */
const listMemories = new Map<string, { current: NodeListMemory | null }>();
const listMemoryOf = (userId: string) => listMemories.get(userId) ?? listMemories.set(userId, { current: null }).get(userId)!;

/** The list's URL parameters: `/nodes?snomedReview=true` (the Analytics page's link) opens the nodes under SNOMED review. */
export const SNOMED_REVIEW_PATH = '/nodes?snomedReview=true';

/** The navigation (location key) whose `?snomedReview=true` each memory has taken, so it applies once per navigation. */
const appliedNavigation = new WeakMap<object, string>();

/** Applies `?snomedReview=true` to the list's memory, once per navigation, before the list mounts and reads it. */
function applyListParams(memory: { current: NodeListMemory | null } | undefined, search: string, navigation: string): void {
  if (!memory || appliedNavigation.get(memory) === navigation) return;
  appliedNavigation.set(memory, navigation);
  if (new URLSearchParams(search).get('snomedReview') !== 'true') return;
  const state = memory.current?.state ?? FIRST_LIST_STATE;
  memory.current = { state: { ...state, page: 0, snomedReview: true }, layout: memory.current?.layout ?? null };
}

/**
 * /nodes and /nodes/view/:id: the node manager widget's component, controlled by the route.
 * Its moves become navigations; View Graph / View Relations open the host's graph dialog, and
 * what is shown reloads when it closes (the graph can delete and edit nodes).
 */
export function NodeManagerPage({ view }: { view: NodeManagerView }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { id } = useParams();
  // The Analytics page's findings link here filtered: /nodes?hasSnomed=false, ?orphan=true, …
  const [params] = useSearchParams();
  const quality = view === 'list' ? qualityFilterOf(params) : undefined;
  // The path ends in an id: the top bar takes this title instead.
  usePageTitle(view === 'detail' ? SHELL_TEXTS.nodeDetail : null);
  const [refreshKey, setRefreshKey] = useState(0);
  useAfterGraphCloses(() => setRefreshKey((k) => k + 1));
  const listMemory = user ? listMemoryOf(user.id) : undefined;
  const location = useLocation();
  applyListParams(listMemory, location.search, location.key);
  return (
    <NodeManager
      user={user}
      view={view}
      nodeId={id}
      refreshKey={refreshKey}
      listMemory={listMemory}
      qualityFilter={quality}
      key={quality ?? 'list'}
      onNavigate={({ path, state }) => void navigate(path, { state })}
      onGraphOpen={({ focusNodeId, relationType }) => openGraph({ focusNodeId, relationType })}
    />
  );
}
