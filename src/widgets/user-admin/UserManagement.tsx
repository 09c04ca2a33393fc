import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { User } from '../../contract/admin/users';
import { GRANT_MESSAGES } from '../../contract/texts/admin/roles';
import { assignableRoles, grantorOfUser, userManageRefusal } from '../../contract/access/grants';
import { LIMITS } from '../../contract/limits';
import { confirmDeleteMachine } from '../../machines/confirm-delete.machine';
import { Button } from '../../ui/Button';
import { FilteredEmpty } from '../../ui/table/FilteredEmpty';
import { DeletionDialog } from '../parts/deletion';
import { PlusIcon } from '../../ui/icons';
import { Pagination } from '../../ui/table/Pagination';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { Toast } from '../../ui/feedback/Toast';
import { useTablePaging } from '../../ui/table/use-table-paging';
import { AdminHeader, LoadFailed } from '../parts/admin';
import { StaleDelete, useStaleDelete } from '../parts/admin-conflict';
import { useNarrow } from '../hooks/use-narrow';
import { useToast } from '../hooks/use-toast';
import { USER_TEXTS as T } from '../../contract/texts/admin/users';
import { UserCards } from './UserCards';
import { UserFilters } from './UserFilters';
import { hasFilters, filterUsers, NO_FILTERS, roleFilterOptions, USER_SORT_VALUES, type UserFilters as Filters } from './user-list';
import { UserTable } from './UserTable';
import { useUserAdmin } from './use-user-admin';
import { useLatest } from '../../ui/use-latest';

// Mounted per opening anyway: its code (and the form validation) loads with the first opening.
const UserFormDialog = lazy(() => import('./form/UserFormDialog').then((m) => ({ default: m.UserFormDialog })));

type FormState = { mode: 'create'; key: number } | { mode: 'edit'; key: number; user: User } | null;

/**
 * The User Management screen for a user who may read users (spec §2, §8). `me` is the signed-in
 * user: the form offers only the roles they may grant, and users they may not manage (admins, for
 * a non-admin; anyone whose role is above theirs) get inert Edit/Delete with the reason.
 */
export function UserManagement({ apiBase, me }: { apiBase: string; me: User }) {
  const admin = useUserAdmin(apiBase);
  const { users } = admin;
  const box = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(box);
  const { toast, show, close } = useToast();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [form, setForm] = useState<FormState>(null);

  // The delete sends the version the list shows; changed meanwhile, the dialog asks again showing what changed.
  const staleDelete = useStaleDelete(users.data, admin.remove, admin.current);
  const deletion = useActorRef(confirmDeleteMachine, { input: { remove: staleDelete.remove, word: LIMITS.deleteConfirmWord, fallback: T.deleteFailed } });
  const deleteTarget = useSelector(deletion, (s) => s.context.target);
  const list = useRef<HTMLElement>(null);
  const latest = useLatest({ removed: admin.removed, show });
  useEffect(() => {
    const sub = deletion.on('delete.done', ({ target }) => {
      latest.current.removed(target.id);
      latest.current.show(T.deleted);
      // The row (and the button that opened the dialog) is gone: keep focus in the list.
      requestAnimationFrame(() => list.current?.focus());
    });
    return () => sub.unsubscribe();
  }, [deletion, latest]);

  const all = useMemo(() => users.data ?? [], [users.data]);
  const filtered = useMemo(() => filterUsers(all, filters), [all, filters]);
  const paging = useTablePaging(filtered, USER_SORT_VALUES, LIMITS.defaultPageSize);
  const roleNames = roleFilterOptions(
    admin.roles.map((r) => r.name),
    all,
  );
  const grantor = grantorOfUser(me);
  const offeredRoles = assignableRoles(grantor, admin.roles);
  const defaultRoleId = offeredRoles.find((r) => r.name === 'viewer')?.id ?? '';
  const lockReason = (user: User) => {
    const role = admin.roles.find((r) => r.id === user.roleId);
    const refusal = userManageRefusal(grantor, { id: user.roleId, name: user.role, permissions: role?.permissions ?? user.permissions });
    return refusal ? GRANT_MESSAGES[refusal] : null;
  };
  // A form or delete the role cannot submit says so at once (read-only form, delete with nothing to confirm).
  const may = (permission: string) => me.permissions?.includes(permission) ?? false;
  const formReadOnly = form ? (form.mode === 'create' ? !may('users.create') && T.noCreatePermission : !may('users.update') && T.noUpdatePermission) : false;
  const cannotDelete = !may('users.delete');

  const changeFilters = (next: Filters) => {
    setFilters(next);
    paging.setPage(0); // spec §2: the paginator returns to page 0 when a filter changes
  };
  const empty = hasFilters(filters) ? <FilteredEmpty text={T.noMatches} onClear={() => changeFilters(NO_FILTERS)} /> : T.noUsers;
  const refresh = async () => {
    if (!(await admin.reloadAll())) show(T.loadFailedToast, 'error');
  };
  const saved = async (values: Parameters<typeof admin.create>[0], version?: number) => {
    if (form?.mode === 'edit') await admin.update(form.user.id, values, version);
    else await admin.create(values);
    show(form?.mode === 'edit' ? T.updated : T.created);
    setForm(null);
  };
  const actions = {
    onEdit: (user: User) => setForm({ mode: 'edit', user, key: Date.now() }),
    onDelete: (user: User) => deletion.send({ type: 'delete.open', target: { id: user.id, name: user.username } }),
    lockReason,
  };

  return (
    <div ref={box} className="kg-admin__screen" data-narrow={narrow || undefined}>
      <AdminHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <Button startIcon={<PlusIcon />} onClick={() => setForm({ mode: 'create', key: Date.now() })}>
            {narrow ? T.addShort : T.add}
          </Button>
        }
      />
      <UserFilters filters={filters} roleNames={roleNames} refreshing={users.refreshing} onChange={changeFilters} onClear={() => changeFilters(NO_FILTERS)} onRefresh={() => void refresh()} />

      {users.status === 'loading' && <BlockSpinner label={T.loading} />}
      {users.status === 'error' && <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={() => void admin.reloadAll()} />}
      {users.status === 'ready' && (
        <section ref={list} className="kg-admin__list" aria-label={T.listLabel} tabIndex={-1}>
          {narrow ? (
            <UserCards rows={paging.rows} empty={empty} busy={users.refreshing} {...actions} />
          ) : (
            <UserTable rows={paging.rows} sort={paging.sort} onSortChange={paging.setSort} empty={empty} busy={users.refreshing} {...actions} />
          )}
          <Pagination {...paging.pagination} pageSizes={LIMITS.listPageSizes} />
        </section>
      )}

      {form && (
        <Suspense fallback={null}>
          <UserFormDialog
            key={form.key}
            apiBase={apiBase}
            mode={form.mode}
            user={form.mode === 'edit' ? form.user : undefined}
            roles={offeredRoles}
            roleLocked={form.mode === 'edit' && form.user.id === me.id ? GRANT_MESSAGES.ownRole : undefined}
            defaultRoleId={defaultRoleId}
            readOnly={formReadOnly || undefined}
            onCancel={() => setForm(null)}
            onSubmit={saved}
            onCurrent={admin.current}
            sso={
              form.mode === 'edit' && admin.ssoProvider
                ? {
                    provider: admin.ssoProvider,
                    canChange: me.role === 'admin',
                    link: (subject) => admin.linkSso(form.user.id, subject),
                    unlink: () => admin.unlinkSso(form.user.id),
                  }
                : undefined
            }
          />
        </Suspense>
      )}
      <DeletionDialog deletion={deletion} title={T.deleteTitle} confirmLabel={T.deleteButton} busyLabel={T.deleting} showError blocked={cannotDelete}>
        {cannotDelete ? (
          <p className="kg-admin__warning">{T.noDeletePermission}</p>
        ) : (
          <>
            <StaleDelete state={staleDelete} targetId={deleteTarget?.id} fields={userDeleteFields()} />
            <p className="kg-admin__warning">{T.deleteWarning}</p>
            <p>
              <strong>{deleteTarget?.name}</strong>: {T.deleteBody}
            </p>
          </>
        )}
      </DeletionDialog>
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}

/** What a stale user delete names as changed (read per render: the texts follow the language). */
const userDeleteFields = () => [
  { label: T.username, show: (u: User) => u.username },
  { label: T.email, show: (u: User) => u.email },
  { label: T.mobile, show: (u: User) => u.mobileNo ?? '' },
  { label: T.role, show: (u: User) => u.role },
  { label: T.status, show: (u: User) => (u.isActive ? T.active : T.inactive) },
];
