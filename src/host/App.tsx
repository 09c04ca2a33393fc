import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../ui';
import { PLACEHOLDER_ROUTES } from './placeholders';
import { AppShell } from './shell/AppShell';
import { DEFAULT_PATH } from './shell/nav';
import { RequireAuth } from './shell/RequireAuth';

// One chunk per page: the sign-in screen does not download the dashboard or settings code.
const LoginPage = lazy(() => import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('./pages/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const DashboardPage = lazy(() => import('./pages/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const SettingsPage = lazy(() => import('./pages/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const UserAdminPage = lazy(() => import('./pages/UserAdminPage').then((m) => ({ default: m.UserAdminPage })));
const RoleAdminPage = lazy(() => import('./pages/RoleAdminPage').then((m) => ({ default: m.RoleAdminPage })));
const SnomedPage = lazy(() => import('./pages/SnomedPage').then((m) => ({ default: m.SnomedPage })));
const TypeAdminPage = lazy(() => import('./pages/TypeAdminPage').then((m) => ({ default: m.TypeAdminPage })));
const RelationsPage = lazy(() => import('./pages/RelationPages').then((m) => ({ default: m.RelationsPage })));
const NodeManagerPage = lazy(() => import('./pages/NodeManagerPage').then((m) => ({ default: m.NodeManagerPage })));
const NodeFormPage = lazy(() => import('./pages/NodeFormPage').then((m) => ({ default: m.NodeFormPage })));
const SearchPage = lazy(() => import('./pages/search/SearchPage').then((m) => ({ default: m.SearchPage })));
const PlaceholderPage = lazy(() => import('./pages/PlaceholderPage').then((m) => ({ default: m.PlaceholderPage })));

/**
 * The route table of spec §2. Everything but /login and /register sits behind RequireAuth,
 * which also applies PAGE_ACCESS; / and unknown paths go to the dashboard.
 */
export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route element={<RequireAuth />}>
            <Route element={<AppShell />}>
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/settings" element={<SettingsPage />} />
              <Route path="/admin/users" element={<UserAdminPage />} />
              <Route path="/admin/roles" element={<RoleAdminPage />} />
              <Route path="/snomed" element={<SnomedPage />} />
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
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
