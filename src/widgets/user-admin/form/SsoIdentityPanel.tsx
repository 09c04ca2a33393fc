import { useEffect, useId, useRef, useState } from 'react';
import type { SsoIdentity } from '../../../contract/admin/users';
import { SSO_MESSAGES } from '../../../contract/texts/auth';
import { USER_TEXTS as T } from '../../../contract/texts/admin/users';
import { localiseEnglish } from '../../../contract/texts/define';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/form/TextField';
import { formatDate, formatTime } from '../../format';

/** The subject's bounds, as the server's (SsoLinkRequestSchema): checked here first, the server's answer shown as well. */
const SUBJECT_MAX = 255;

export interface SsoIdentityPanelProps {
  /** The identity provider's display name (KG_OIDC_NAME). */
  provider: string;
  /** The account's link when the dialog opened (null: none); the panel follows its own changes. */
  identity: SsoIdentity | null;
  /** Only admins link and unlink (the server says so too); others see the link. */
  canChange: boolean;
  /** The form is saving: nothing else changes meanwhile. */
  disabled?: boolean;
  link: (subject: string) => Promise<SsoIdentity>;
  unlink: () => Promise<void>;
}

/** What a refused link or unlink says, by the server's code (the sentence in the page's language). */
function refusal(err: unknown): string {
  if (!(err instanceof ApiError)) return T.ssoFailed;
  switch (err.code) {
    case 'sso_already_linked':
      return SSO_MESSAGES.linkExists;
    case 'sso_subject_taken':
      return SSO_MESSAGES.linkTaken;
    case 'sso_not_linked':
      return SSO_MESSAGES.notLinked;
    case 'link_admins_only':
      return SSO_MESSAGES.linkAdminsOnly;
    case 'validation_error':
      return T.ssoSubjectInvalid;
    default:
      return err.status > 0 && err.message ? localiseEnglish(err.message) : T.ssoFailed;
  }
}

/**
 * The edit form's single sign-on part: whether the account is linked to its subject at the
 * identity provider, and for an admin the field to link one or the button to remove the link.
 * It saves at once on its own route (PUT/DELETE /users/:id/sso-identity), apart from the form's
 * Update User: the link is not one of the account's fields and has no version.
 */
export function SsoIdentityPanel({ provider, identity: opened, canChange, disabled, link, unlink }: SsoIdentityPanelProps) {
  const titleId = useId();
  const [identity, setIdentity] = useState(opened);
  const [subject, setSubject] = useState('');
  const [busy, setBusy] = useState<'link' | 'unlink' | null>(null);
  // Unlinking ends the person's provider sign-ins at once: it asks first, in place.
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  // The question opens below the facts, maybe under the dialog's footer: brought into view, and the
  // keyboard lands on the harmless answer.
  useEffect(() => {
    if (!confirming) return;
    keep.current?.scrollIntoView({ block: 'nearest' });
    keep.current?.focus();
  }, [confirming]);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const off = disabled || busy !== null;

  const run = async (kind: 'link' | 'unlink', call: () => Promise<SsoIdentity | null>, said: string) => {
    setBusy(kind);
    setError(null);
    setDone(null);
    try {
      setIdentity(await call());
      setSubject('');
      setDone(said);
    } catch (err) {
      const text = refusal(err);
      if (kind === 'link' && err instanceof ApiError && (err.code === 'validation_error' || err.code === 'sso_subject_taken')) setFieldError(text);
      else setError(text);
    } finally {
      setBusy(null);
    }
  };
  const submitLink = () => {
    const value = subject.trim();
    if (value.length === 0 || value.length > SUBJECT_MAX) {
      setFieldError(T.ssoSubjectInvalid);
      return;
    }
    setFieldError(null);
    void run('link', () => link(value), T.ssoLinkedDone);
  };

  return (
    <section className="kg-user-sso" aria-labelledby={titleId}>
      <h3 id={titleId} className="kg-user-sso__title">
        {T.ssoTitle}
      </h3>
      {identity ? (
        <div className="kg-user-sso__linked">
          <p className="kg-user-sso__status">{T.ssoLinkedTo(provider)}</p>
          <dl className="kg-user-sso__facts">
            <dt>{T.ssoSubject}</dt>
            <dd className="kg-user-sso__subject">{identity.subject}</dd>
            <dt>{T.ssoLastSignIn}</dt>
            <dd>{identity.lastSignIn ? `${formatDate(identity.lastSignIn, T.never)} ${formatTime(identity.lastSignIn)}` : T.never}</dd>
          </dl>
          {canChange && !confirming && (
            <Button variant="outlined" className="kg-user-sso__unlink" disabled={off} onClick={() => setConfirming(true)}>
              {T.ssoUnlink}
            </Button>
          )}
          {canChange && confirming && (
            <div className="kg-user-sso__confirm" role="group" aria-label={T.ssoUnlink}>
              <p className="kg-user-sso__confirm-text">{T.ssoUnlinkConfirm(provider)}</p>
              <div className="kg-user-sso__confirm-actions">
                <Button
                  variant="danger"
                  className="kg-user-sso__unlink"
                  disabled={off}
                  loading={busy === 'unlink'}
                  onClick={() => void run('unlink', () => unlink().then(() => null), T.ssoUnlinkedDone).then(() => setConfirming(false))}
                >
                  {busy === 'unlink' ? T.ssoUnlinking : T.ssoUnlink}
                </Button>
                <Button ref={keep} variant="text" disabled={off} onClick={() => setConfirming(false)}>
                  {T.ssoCancel}
                </Button>
              </div>
            </div>
          )}
        </div>
      ) : (
        <>
          <p className="kg-user-sso__status">{T.ssoNotLinked(provider)}</p>
          {canChange && (
            <div className="kg-user-sso__form">
              <TextField
                label={T.ssoSubject}
                name="ssoSubject"
                autoComplete="off"
                className="kg-user-sso__field"
                value={subject}
                error={fieldError}
                helperText={T.ssoSubjectHelp(provider)}
                maxChars={SUBJECT_MAX}
                disabled={off}
                onChange={(e) => {
                  setSubject(e.currentTarget.value);
                  setFieldError(null);
                }}
                onKeyDown={(e) => {
                  // Enter links the subject; it must not submit the user form around it.
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    submitLink();
                  }
                }}
              />
              <Button variant="outlined" className="kg-user-sso__link" disabled={off} loading={busy === 'link'} onClick={submitLink}>
                {busy === 'link' ? T.ssoLinking : T.ssoLink}
              </Button>
            </div>
          )}
        </>
      )}
      {!canChange && <p className="kg-user-sso__note">{T.ssoAdminsOnly}</p>}
      {error && <Alert severity="error">{error}</Alert>}
      {done && (
        <p className="kg-user-sso__done" role="status">
          {done}
        </p>
      )}
    </section>
  );
}
