import { useEffect, useState } from 'react';
import { reviewApi } from '../../../api/knowledge/review';
import { typesApi } from '../../../api/knowledge/types';
import type { ReviewSettings } from '../../../contract/knowledge/review';
import { PROPOSAL_TEXTS } from '../../../contract/texts/knowledge/proposals';
import { failureText } from '../../../machines/error-text';
import { Alert, BlockSpinner, Button, Card, Checkbox, ErrorState, Switch } from '../../../ui';
import { useLoad, useUnsavedChanges } from '../../../widgets';
import { api } from '../../session';
import '../../../ui/controls.css';
import './proposals.css';

const T = PROPOSAL_TEXTS.settings;

const sameSettings = (a: ReviewSettings, b: ReviewSettings) =>
  a.enabled === b.enabled && [...a.nodeTypes].sort().join('\n') === [...b.nodeTypes].sort().join('\n') && [...a.relationTypes].sort().join('\n') === [...b.relationTypes].sort().join('\n');

/**
 * /admin/review (system.config): review mode on or off, and which node and relation types it covers
 * (none chosen = every type; docs/architecture/review.md "Settings").
 */
export function ReviewSettingsPage() {
  const loaded = useLoad(async (signal) => {
    const [settings, nodeTypes, relationTypes] = await Promise.all([reviewApi(api).settings(signal), typesApi(api, 'node').list(signal), typesApi(api, 'relation').list(signal)]);
    return { settings, nodeTypes: nodeTypes.map((t) => t.name), relationTypes: relationTypes.map((t) => t.name) };
  });
  if (loaded.status === 'error') return <ErrorState text={T.loadFailed} onRetry={() => void loaded.reload()} />;
  if (!loaded.data) return <BlockSpinner />;
  return <SettingsForm saved={loaded.data.settings} nodeTypes={loaded.data.nodeTypes} relationTypes={loaded.data.relationTypes} />;
}

function SettingsForm({ saved: first, nodeTypes, relationTypes }: { saved: ReviewSettings; nodeTypes: string[]; relationTypes: string[] }) {
  const [saved, setSaved] = useState(first);
  const [values, setValues] = useState(first);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const dirty = !sameSettings(values, saved);
  // Both lists empty: review covers every type (docs/architecture/review.md "Settings").
  const everything = values.nodeTypes.length === 0 && values.relationTypes.length === 0;
  useUnsavedChanges(dirty);
  useEffect(() => {
    if (dirty) setMessage((m) => (m?.severity === 'success' ? null : m));
  }, [dirty]);

  const toggle = (field: 'nodeTypes' | 'relationTypes', name: string, on: boolean) =>
    setValues((v) => ({ ...v, [field]: on ? [...v[field], name] : v[field].filter((n) => n !== name) }));
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const next = await reviewApi(api).saveSettings(values);
      setSaved(next);
      setValues(next);
      setMessage({ severity: 'success', text: T.saved });
    } catch (err) {
      setMessage({ severity: 'error', text: failureText(err, T.saveFailed) });
    } finally {
      setBusy(false);
    }
  };

  const group = (field: 'nodeTypes' | 'relationTypes', legend: string, names: string[]) => (
    <fieldset className="kg-review-settings__group" disabled={!values.enabled || busy}>
      <legend className="kg-review-settings__legend">{legend}</legend>
      {values[field].length === 0 && !everything && <p className="kg-review-settings__hint">{T.noneOfKind}</p>}
      <div className="kg-review-settings__types">
        {names.map((name) => (
          <Checkbox key={name} label={name} checked={values[field].includes(name)} onChange={(on) => toggle(field, name, on)} />
        ))}
      </div>
    </fieldset>
  );

  return (
    <form
      className="kg-review-settings"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="kg-proposals__intro">{T.intro}</p>
      {message && (
        <Alert severity={message.severity} onClose={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      <Card className="kg-review-settings__card">
        <Switch label={T.enabled} checked={values.enabled} disabled={busy} onChange={(enabled) => setValues((v) => ({ ...v, enabled }))} />
        {!values.enabled && <p className="kg-review-settings__hint">{T.off}</p>}
        {values.enabled && everything && <p className="kg-review-settings__hint">{T.allTypes}</p>}
        <div className="kg-review-settings__groups">
          {group('nodeTypes', T.nodeTypes, nodeTypes)}
          {group('relationTypes', T.relationTypes, relationTypes)}
        </div>
        <div className="kg-review-settings__actions">
          <Button type="submit" loading={busy} disabled={!dirty || busy}>
            {T.save}
          </Button>
        </div>
      </Card>
    </form>
  );
}
