import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { authApi } from '../../../api/auth';
import { PROFILE_CONFLICT_FIELDS, profileMachine } from '../../../machines/profile.machine';
import { SETTINGS_TEXTS } from '../../../contract/texts/admin/settings';
import { ConflictDialog } from '../../../widgets/edit-conflict';
import { valuesFrom } from '../../../machines/profile.rules';
import { Alert, Avatar, Card, Chip } from '../../../ui';
import { sameFormValues, useUnsavedChanges } from '../../../widgets';
import { api, sessionActor, useCurrentUser } from '../../session';
import { LanguageCard } from './LanguageCard';
import { PersonalInfoCard } from './PersonalInfoCard';
import { SignOutEverywhere } from './SignOutEverywhere';
import { VerifyPasswordDialog } from './VerifyPasswordDialog';
import '../../../ui/controls.css';
import './settings.css';

/** Account Settings (spec §2, §4, §5 Profile); the behaviour lives in the profile machine. */
export function SettingsPage() {
  const user = useCurrentUser();
  const profile = useActorRef(profileMachine, { input: { user, auth: authApi(api) } });
  const snap = useSelector(profile, (s) => s);
  const { context: c } = snap;

  // A saved profile is the session's user from now on (drawer, account menu, dashboard).
  useEffect(() => {
    const sub = profile.on('profile.updated', ({ user: updated }) => sessionActor.send({ type: 'session.user.updated', user: updated }));
    return () => sub.unsubscribe();
  }, [profile]);

  const editing = snap.matches('editing');
  const prompting = snap.matches({ editing: { password: 'prompting' } });
  const verifying = snap.matches({ editing: { password: 'verifying' } });
  const busy = snap.matches({ editing: { form: 'checking' } }) || snap.matches({ editing: { form: 'saving' } });
  const shownUser = c.user;
  useUnsavedChanges(editing && !sameFormValues(c.values, valuesFrom(c.user)));

  return (
    <div className="kg-settings">
      {c.success && (
        <Alert severity="success" onClose={() => profile.send({ type: 'profile.success.clear' })}>
          {c.success}
        </Alert>
      )}
      <div className="kg-settings__layout">
        <div className="kg-settings__side">
          <Card className="kg-settings__summary">
            <div className="kg-settings__identity">
              <Avatar name={shownUser.username} size={80} />
              <h2 className="kg-settings__name">{shownUser.username}</h2>
              <p className="kg-settings__email">{shownUser.email}</p>
              <Chip color={shownUser.role === 'admin' ? 'primary' : 'secondary'}>{shownUser.role.toUpperCase()}</Chip>
            </div>
          </Card>
          <LanguageCard />
          <SignOutEverywhere />
        </div>
        <PersonalInfoCard
          role={shownUser.role}
          values={c.values}
          errors={c.errors}
          editing={editing}
          passwordVerified={snap.matches({ editing: { password: 'verified' } })}
          busy={busy}
          formError={c.formError}
          onEdit={() => profile.send({ type: 'profile.edit' })}
          onCancel={() => profile.send({ type: 'profile.cancel' })}
          onSave={() => profile.send({ type: 'profile.save' })}
          onChange={(field, value) => profile.send({ type: 'profile.change', field, value })}
          onVerifyPassword={() => profile.send({ type: 'profile.verify.open' })}
        />
      </div>
      <VerifyPasswordDialog
        open={prompting || verifying}
        verifying={verifying}
        error={c.verifyError}
        onVerify={(password) => profile.send({ type: 'profile.verify.submit', password })}
        onCancel={() => profile.send({ type: 'profile.verify.cancel' })}
      />
      <ConflictDialog
        open={!!c.conflict}
        changedBy={c.conflict?.changedBy ?? null}
        changedAt={c.conflict?.changedAt ?? null}
        fields={c.conflict ? PROFILE_CONFLICT_FIELDS.map((key) => ({ key, label: FIELD_LABELS[key](), theirs: valuesFrom(c.conflict!.current)[key], yours: c.values[key] })) : []}
        busy={busy}
        onKeepMine={() => profile.send({ type: 'profile.conflict.keep' })}
        onTakeTheirs={() => profile.send({ type: 'profile.conflict.theirs' })}
        onChoose={(choices) => profile.send({ type: 'profile.conflict.choose', choices })}
        onCancel={() => profile.send({ type: 'profile.conflict.cancel' })}
      />
    </div>
  );
}

/** The profile fields' labels in the conflict comparison (read when shown: the texts follow the language). */
const FIELD_LABELS = {
  username: () => SETTINGS_TEXTS.profile.username,
  email: () => SETTINGS_TEXTS.profile.email,
  mobileNo: () => SETTINGS_TEXTS.profile.mobile,
};
