import { Suspense, useState } from 'react';
import { createBrowserRouter, createRoutesFromElements, matchPath, Navigate, Outlet, Route, RouterProvider } from 'react-router';
import { PageSpinner } from '../ui';
import { useLanguageKey } from './language';
import { lazyPage } from './lazy-page';
import { PLACEHOLDER_ROUTES } from './placeholders';
import { DEFAULT_PATH } from './shell/nav';
import { RequireAuth } from './shell/RequireAuth';
import { RouteError } from './shell/RouteError';

// One chunk per page: the sign-in screen does not download the dashboard or settings code.
const pages = {
  // The signed-in frame (top bar, drawer, menus) and the ui components it pulls in: not needed
  // on /login and /register, the first route of most visits (bench/bundle host budget).
  shell: lazyPage(() => import('./shell/AppShell'), (m) => m.AppShell),
  login: lazyPage(() => import('./pages/auth/LoginPage'), (m) => m.LoginPage),
  register: lazyPage(() => import('./pages/auth/RegisterPage'), (m) => m.RegisterPage),
  dashboard: lazyPage(() => import('./pages/DashboardPage'), (m) => m.DashboardPage),
  settings: lazyPage(() => import('./pages/settings/SettingsPage'), (m) => m.SettingsPage),
  userAdmin: lazyPage(() => import('./pages/admin/UserAdminPage'), (m) => m.UserAdminPage),
  roleAdmin: lazyPage(() => import('./pages/admin/RoleAdminPage'), (m) => m.RoleAdminPage),
  auditLog: lazyPage(() => import('./pages/admin/AuditLogPage'), (m) => m.AuditLogPage),
  analytics: lazyPage(() => import('./pages/admin/AnalyticsPage'), (m) => m.AnalyticsPage),
  snomed: lazyPage(() => import('./pages/SnomedPage'), (m) => m.SnomedPage),
  typeAdmin: lazyPage(() => import('./pages/admin/TypeAdminPage'), (m) => m.TypeAdminPage),
  relations: lazyPage(() => import('./pages/RelationPages'), (m) => m.RelationsPage),
  nodeManager: lazyPage(() => import('./pages/NodeManagerPage'), (m) => m.NodeManagerPage),
  nodeForm: lazyPage(() => import('./pages/NodeFormPage'), (m) => m.NodeFormPage),
  search: lazyPage(() => import('./pages/search/SearchPage'), (m) => m.SearchPage),
  placeholder: lazyPage(() => import('./pages/PlaceholderPage'), (m) => m.PlaceholderPage),
  backup: lazyPage(() => import('./pages/admin/BackupPage'), (m) => m.BackupPage),
  terminology: lazyPage(() => import('./pages/admin/TerminologyPage'), (m) => m.TerminologyPage),
  reviewQueue: lazyPage(() => import('./pages/review/ReviewQueuePage'), (m) => m.ReviewQueuePage),
  myProposals: lazyPage(() => import('./pages/proposals/MyProposalsPage'), (m) => m.MyProposalsPage),
  reviewSettings: lazyPage(() => import('./pages/proposals/ReviewSettingsPage'), (m) => m.ReviewSettingsPage),
};
const AppShell = pages.shell.Page;
const LoginPage = pages.login.Page;
const RegisterPage = pages.register.Page;
const DashboardPage = pages.dashboard.Page;
const SettingsPage = pages.settings.Page;
const UserAdminPage = pages.userAdmin.Page;
const RoleAdminPage = pages.roleAdmin.Page;
const AuditLogPage = pages.auditLog.Page;
const AnalyticsPage = pages.analytics.Page;
const SnomedPage = pages.snomed.Page;
const TypeAdminPage = pages.typeAdmin.Page;
const RelationsPage = pages.relations.Page;
const NodeManagerPage = pages.nodeManager.Page;
const NodeFormPage = pages.nodeForm.Page;
const SearchPage = pages.search.Page;
const PlaceholderPage = pages.placeholder.Page;
const BackupPage = pages.backup.Page;
const TerminologyPage = pages.terminology.Page;
const ReviewQueuePage = pages.reviewQueue.Page;
const MyProposalsPage = pages.myProposals.Page;
const ReviewSettingsPage = pages.reviewSettings.Page;

/** Which chunk a path opens (first match wins), for preloading; / and unknown paths open the dashboard. */
const CHUNK_OF_PATH: [pattern: string, page: keyof typeof pages][] = [
  ['/login', 'login'],
  ['/register', 'register'],
  ['/settings', 'settings'],
  ['/search', 'search'],
  ['/admin/users', 'userAdmin'],
  ['/admin/roles', 'roleAdmin'],
  ['/admin/audit', 'auditLog'],
  ['/admin/analytics', 'analytics'],
  ['/admin/backup', 'backup'],
  ['/admin/terminology', 'terminology'],
  ['/admin/review', 'reviewSettings'],
  ['/proposals', 'myProposals'],
  ['/snomed', 'snomed'],
  ['/review', 'reviewQueue'],
  ['/node-types', 'typeAdmin'],
  ['/relation-types', 'typeAdmin'],
  ['/nodes/new', 'nodeForm'],
  ['/nodes/:id/edit', 'nodeForm'],
  ['/nodes/:id/relations/new', 'relations'],
  ['/nodes/*', 'nodeManager'],
  ['/relations/*', 'relations'],
];

/**
 * Starts downloading the chunk of the page being opened now, in parallel with the session check
 * (RequireAuth renders the page, and so would request its chunk, only after /auth/me answers).
 * If the chunk has arrived by the time the page renders, it renders without suspending.
 */
function preloadPage(pathname: string): void {
  const hit = CHUNK_OF_PATH.find(([pattern]) => matchPath(pattern, pathname));
  const page = hit ? hit[1] : 'dashboard';
  void pages[page].preload().catch(() => undefined); // a failed preload retries on render
  if (page !== 'login' && page !== 'register') void pages.shell.preload().catch(() => undefined);
}
if (typeof window !== 'undefined') preloadPage(window.location.pathname);

/**
 * The route table of spec §2. Everything but /login and /register sits behind RequireAuth,
 * which also applies PAGE_ACCESS; / and unknown paths go to the dashboard. A data router, so
 * that a form with unsaved changes can hold a navigation (shell/UnsavedChangesPrompt.tsx). Any
 * error below shows RouteError's friendly page, never react-router's page with the stack trace.
 */
const routes = createRoutesFromElements(
  <Route
    errorElement={<RouteError />}
    element={
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    }
  >
    <Route path="/login" element={<LoginPage />} />
    <Route path="/register" element={<RegisterPage />} />
    <Route element={<RequireAuth />}>
      <Route element={<AppShell />}>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/admin/users" element={<UserAdminPage />} />
        <Route path="/admin/roles" element={<RoleAdminPage />} />
        <Route path="/admin/audit" element={<AuditLogPage />} />
        <Route path="/admin/analytics" element={<AnalyticsPage />} />
        <Route path="/admin/backup" element={<BackupPage />} />
        <Route path="/admin/terminology" element={<TerminologyPage />} />
        <Route path="/admin/review" element={<ReviewSettingsPage />} />
        <Route path="/proposals" element={<MyProposalsPage />} />
        <Route path="/snomed" element={<SnomedPage />} />
        <Route path="/review" element={<ReviewQueuePage />} />
        <Route path="/node-types" element={<TypeAdminPage key="node" kind="node" />} />
        <Route path="/relation-types" element={<TypeAdminPage key="relation" kind="relation" />} />
        <Route path="/nodes" element={<NodeManagerPage view="list" />} />
        <Route path="/nodes/view/:id" element={<NodeManagerPage view="detail" />} />
        <Route path="/nodes/new" element={<NodeFormPage />} />
        <Route path="/nodes/:id/edit" element={<NodeFormPage />} />
        <Route path="/relations" element={<RelationsPage view="list" />} />
        <Route path="/relations/new" element={<RelationsPage view="create" />} />
        <Route path="/relations/create" element={<RelationsPage view="create" />} />
        <Route path="/relations/:id/edit" element={<RelationsPage view="edit" />} />
        <Route path="/nodes/:id/relations/new" element={<RelationsPage view="create" />} />
        <Route path="/search" element={<SearchPage />} />
        {PLACEHOLDER_ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={<PlaceholderPage key={r.path} screen={r.screen} title={r.title} />} />
        ))}
      </Route>
    </Route>
    <Route path="/" element={<Navigate to={DEFAULT_PATH} replace />} />
    <Route path="*" element={<Navigate to={DEFAULT_PATH} replace />} />
  </Route>,
);

export function App() {
  // Made on first render, not on import: the router starts listening to the address bar.
  const [router] = useState(() => createBrowserRouter(routes));
  // Keyed by the language: a switch renders every page again with the new texts (the route stays).
  return <RouterProvider key={useLanguageKey()} router={router} />;
}
