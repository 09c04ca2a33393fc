import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { moreThanText } from '../../../contract/texts/common';
import { nodesApi } from '../../../api/knowledge/nodes';
import { typesApi } from '../../../api/knowledge/types';
import { usersApi } from '../../../api/admin/users';
import { LIMITS } from '../../../contract/limits';
import type { KnowledgeNode } from '../../../contract/knowledge/nodes';
import { BlockSpinner, Button, ErrorState, Spinner, Toast } from '../../../ui';
import { LiveNotice } from '../../../ui/feedback/LiveNotice';
import { LIVE_TEXTS } from '../../../contract/texts/common';
import { SearchIcon } from '../../../ui/icons';
import { useLoad, useToast } from '../../../widgets';
import { deleteAction } from '../dashboard/delete-action';
import { DeleteDialog } from '../dashboard/DeleteDialog';
import { nodeFields } from '../dashboard/delete-fields';
import { useDebounced } from '../dashboard/use-dashboard-list';
import { api, useCurrentUser } from '../../session';
import { activeFilterCount, EMPTY_FILTERS, type SearchFilters } from './filters';
import { FilterPanel } from './FilterPanel';
import { ResultCard } from './ResultCard';
import { SEARCH_TEXTS as T } from '../../../contract/texts/search';
import { formatNumber } from '../../../i18n/runtime';
import { useNodeSearch } from './use-node-search';
import '../../../ui/controls.css';
import '../dashboard/dashboard-sections.css';
import './search.css';

/**
 * Knowledge Search & Discovery (/search, spec §2). Type names and usernames load at start
 * (GET /users answers every signed-in user with the id/username directory, so Created By
 * works for editors and viewers too); the filtering itself runs on the server, 300 ms after
 * the last change.
 */
export function SearchPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const can = (p: string) => user.permissions?.includes(p) ?? false;
  const options = useLoad(async (signal) => {
    const [types, users] = await Promise.all([typesApi(api, 'node').list(signal), usersApi(api).list(signal)]);
    return {
      nodeTypes: types.map((t) => t.name).sort((a, b) => a.localeCompare(b)),
      usernames: users.data.map((u) => u.username).sort((a, b) => a.localeCompare(b)),
    };
  });
  const [filters, setFilters] = useState<SearchFilters>(EMPTY_FILTERS);
  const [open, setOpen] = useState(false);
  const applied = useDebounced(filters, LIMITS.debounceMs);
  const search = useNodeSearch(applied);
  const { toast, show, close } = useToast();
  const [toDelete, setToDelete] = useState<KnowledgeNode | null>(null);

  const change = useCallback((patch: Partial<SearchFilters>) => setFilters((f) => ({ ...f, ...patch })), []);

  const remove = deleteAction<KnowledgeNode>({ remove: (n, version) => nodesApi(api).remove(n.id, version ?? n.version), done: T.deleted, failed: T.deleteFailed, notify: show, after: search.reload });

  if (options.status === 'loading') return <BlockSpinner label={T.loading} />;

  return (
    <div className="kg-search">
      <header className="kg-search__intro">
        <span className="kg-search__intro-icon">
          <SearchIcon />
        </span>
        <h2 className="kg-search__title">{T.title}</h2>
      </header>
      {options.status === 'error' && <ErrorState text={T.loadFailed} onRetry={() => void options.reload()} />}
      <FilterPanel
        filters={filters}
        onChange={change}
        onClear={() => setFilters(EMPTY_FILTERS)}
        open={open}
        onToggle={() => setOpen((o) => !o)}
        nodeTypes={options.data?.nodeTypes ?? []}
        usernames={options.data?.usernames ?? []}
        busy={filters !== applied || search.loading}
      />
      {search.failed && <ErrorState text={T.resultsFailed} onRetry={search.reload} />}
      {search.stale && !search.loading && <LiveNotice text={LIVE_TEXTS.changed} reloadLabel={LIVE_TEXTS.reload} onReload={search.reload} />}
      <section className="kg-search-results" aria-label={T.results} aria-busy={search.loading || undefined}>
        {search.failed && search.results.length === 0 ? null : search.loading && search.results.length === 0 ? (
          <div className="kg-dash-loading">
            <Spinner size={28} label={T.loadingResults} />
          </div>
        ) : search.results.length === 0 ? (
          <div className="kg-search-empty">
            <p className="kg-search-empty__title">{T.noResults}</p>
            <p className="kg-search-empty__hint">{T.noResultsHint}</p>
            {/* The way out is offered where the user sees nothing, not only in the filter panel above. */}
            {activeFilterCount(filters) > 0 && (
              <Button variant="outlined" onClick={() => setFilters(EMPTY_FILTERS)}>
                {T.clearAll}
              </Button>
            )}
          </div>
        ) : (
          <>
            <p className="kg-search-count" aria-live="polite" data-testid="result-count">
              {T.resultCount(search.totalCapped ? search.total + 1 : search.total, search.totalCapped ? moreThanText(search.total) : formatNumber(search.total))}
              {(search.results.length < search.total || search.totalCapped) && <> {T.showing(formatNumber(search.results.length))}</>}
            </p>
            <div className="kg-dash-grid">
              {search.results.map((n) => (
                <ResultCard
                  key={n.id}
                  node={n}
                  canEdit={can('nodes.update')}
                  canDelete={can('nodes.delete')}
                  onView={(node) => navigate(`/nodes/view/${node.id}`)}
                  onEdit={(node) => navigate(`/nodes/${node.id}/edit`)}
                  onDelete={setToDelete}
                />
              ))}
            </div>
            {(search.results.length < search.total || search.totalCapped) && (
              <div className="kg-search-more">
                <Button variant="outlined" onClick={search.loadMore} disabled={search.loadingMore} loading={search.loadingMore}>
                  {T.loadMore}
                </Button>
              </div>
            )}
          </>
        )}
      </section>
      <DeleteDialog target={toDelete} title={T.deleteTitle} name={(n) => n.name} onConfirm={remove} onClose={() => setToDelete(null)} fields={nodeFields} />
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}
