import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LIMITS } from '../../contract/limits';
import type { Role } from '../../contract/admin/roles';
import type { User } from '../../contract/admin/users';
import { grantablePermissions } from '../../contract/access/grantable-permissions';
import { GRANT_MESSAGES } from '../../contract/texts/admin/roles';
import { grantorOfUser, roleManageRefusal } from '../../contract/access/grants';
import { confirmDeleteMachine } from '../../machines/confirm-delete.machine';
import { failureText } from '../../machines/error-text';
import { Button } from '../../ui/Button';
import { DeletionDialog } from '../parts/deletion';
import { PlusIcon, RefreshIcon } from '../../ui/icons';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { Toast } from '../../ui/feedback/Toast';
import { sortRows, type SortState } from '../../ui/table/table-sort';
import { AdminHeader, LoadFailed } from '../parts/admin';
import { StaleDelete, useStaleDelete } from '../parts/admin-conflict';
import { useNarrow } from '../hooks/use-narrow';
import { useToast } from '../hooks/use-toast';
import { RoleCards } from './RoleCards';
import { RoleFormDialog } from './form/RoleFormDialog';
import { ROLE_SORT_VALUES } from './form/role-form';
import { RoleTable } from './RoleTable';
import { RoleTiles } from './RoleTiles';
import { ROLE_TEXTS as T } from '../../contract/texts/admin/roles';
import { useRoleAdmin } from './use-role-admin';
import { useLatest } from '../../ui/use-latest';

type FormState = { key: number; role?: Role } | null;

/**
 * The Role Management screen for a user who may manage roles (spec §2, §4, §8). `me` is the
 * signed-in user: the checklist offers only permissions they hold, their own role's permissions
 * are locked, and roles above them get inert Edit/Delete/status with the reason.
 */
export function RoleManagement({ apiBase, me }: { apiBase: string; me: User }) {
  const admin = useRoleAdmin(apiBase);
  const { roles } = admin;
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLElement>(null);
  const narrow = useNarrow(box);
  const { toast, show, close } = useToast();
  const [sort, setSort] = useState<SortState | null>(null);
  const [form, setForm] = useState<FormState>(null);
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());

  // The delete sends the version the list shows; changed meanwhile, the dialog asks again showing what changed.
  const staleDelete = useStaleDelete(roles.data, admin.remove, admin.current);
  const deletion = useActorRef(confirmDeleteMachine, { input: { remove: staleDelete.remove, fallback: T.deleteFailed } });
  const deleteTarget = useSelector(deletion, (s) => s.context.target);
  const latest = useLatest({ reload: roles.reload, show });
  useEffect(() => {
    const sub = deletion.on('delete.done', () => {
      latest.current.show(T.deleted);
      void latest.current.reload();
      requestAnimationFrame(() => list.current?.focus());
    });
    return () => sub.unsubscribe();
  }, [deletion, latest]);

  const all = useMemo(() => roles.data ?? [], [roles.data]);
  const rows = useMemo(() => (sort ? sortRows(all, ROLE_SORT_VALUES[sort.key], sort.direction) : all), [all, sort]);

  const toggle = async (role: Role, active: boolean) => {
    setPending((p) => new Map(p).set(role.id, active));
    try {
      await admin.setActive(role, active);
      show(active ? T.activated(role.name) : T.deactivated(role.name));
    } catch (err) {
      show(failureText(err, T.statusFailed), 'error');
    } finally {
      setPending((p) => {
        const next = new Map(p);
        next.delete(role.id);
        return next;
      });
    }
  };
  const save = async (values: Parameters<typeof admin.save>[1], version?: number) => {
    await admin.save(form?.role, values, version);
    show(form?.role ? T.updated : T.created);
    setForm(null);
  };
  const grantor = grantorOfUser(me);
  const lockReason = (role: Role) => {
    const refusal = role.isSystem ? null : roleManageRefusal(grantor, role);
    return refusal ? GRANT_MESSAGES[refusal] : null;
  };
  const handlers = {
    lockReason,
    pending,
    busy: roles.refreshing,
    onToggle: (role: Role, active: boolean) => void toggle(role, active),
    // Runs on click, not during render: a fresh key remounts the dialog.
    // eslint-disable-next-line react-hooks/purity
    onEdit: (role: Role) => setForm({ key: Date.now(), role }),
    onDelete: (role: Role) => deletion.send({ type: 'delete.open', target: { id: role.id, name: role.name, affected: role.userCount } }),
  };
  const affected = deleteTarget?.affected ?? 0;

  return (
    <div ref={box} className="kg-admin__screen" data-narrow={narrow || undefined}>
      <AdminHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <Button variant="outlined" startIcon={<RefreshIcon />} disabled={roles.refreshing} loading={roles.refreshing} onClick={() => void roles.reload().then((ok) => ok || show(T.loadFailed, 'error'))}>
            {T.refresh}
          </Button>
        }
      />
      {roles.status === 'loading' && <BlockSpinner label={T.loading} />}
      {roles.status === 'error' && <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={() => void roles.reload()} />}
      {roles.status === 'ready' && (
        <>
          <RoleTiles roles={all} />
          <section ref={list} className="kg-admin__list kg-role-section" aria-labelledby="kg-role-section-title" tabIndex={-1}>
            <div className="kg-role-section__head">
              <h3 id="kg-role-section-title" className="kg-role-section__title">
                {T.section}
              </h3>
              <Button startIcon={<PlusIcon />} onClick={() => setForm({ key: Date.now() })}>
                {T.create}
              </Button>
            </div>
            {narrow ? <RoleCards rows={rows} {...handlers} /> : <RoleTable rows={rows} sort={sort} onSortChange={setSort} {...handlers} />}
          </section>
        </>
      )}

      {form && (
        <RoleFormDialog
          key={form.key}
          apiBase={apiBase}
          role={form.role}
          grantable={grantablePermissions(grantor)}
          permissionsLocked={form.role && form.role.id === me.roleId && !form.role.isSystem ? GRANT_MESSAGES.ownRolePermissions : undefined}
          onCancel={() => setForm(null)}
          onSubmit={save}
          onCurrent={admin.current}
        />
      )}
      <DeletionDialog deletion={deletion} title={T.deleteTitle} confirmLabel={T.deleteButton} busyLabel={T.deleting} showError>
        <StaleDelete state={staleDelete} targetId={deleteTarget?.id} fields={roleDeleteFields()} />
        <p>{T.deleteQuestion(deleteTarget?.name ?? '')}</p>
        {affected > 0 && (
          <p className="kg-admin__warning">
            {T.affects(affected)}. {T.movedToViewer}
          </p>
        )}
      </DeletionDialog>
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}

/** What a stale role delete names as changed (read per render: the texts follow the language). */
const roleDeleteFields = () => [
  { label: T.name, show: (r: Role) => r.name },
  { label: T.description, show: (r: Role) => r.description },
  { label: T.activeRole, show: (r: Role) => (r.isActive ? T.active : T.inactive) },
  { label: T.permissions, show: (r: Role) => String(r.permissions.length) },
];
