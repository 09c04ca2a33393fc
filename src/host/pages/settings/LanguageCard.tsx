import { useState } from 'react';
import { USER_LANGUAGES, type UserLanguage } from '../../../contract';
import { localiseEnglish } from '../../../contract/texts';
import { LOCALE_NAMES } from '../../../i18n/locales';
import { Alert, Card, SelectField } from '../../../ui';
import { chooseLanguage, useHostLanguage } from '../../language';
import { SETTINGS_TEXTS } from '../../../contract/texts/admin/settings';

const T = SETTINGS_TEXTS.language;
/** Each language in its own name: a reader who cannot read the current language still finds theirs. */
const OPTIONS = USER_LANGUAGES.map((value) => ({ value, label: LOCALE_NAMES[value] }));

/** Settings → Language: switches at once, saved on the user and on this device. */
export function LanguageCard() {
  const language = useHostLanguage();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = async (value: string) => {
    setBusy(true);
    setError(null);
    try {
      await chooseLanguage(value as UserLanguage);
    } catch (err) {
      setError(err instanceof Error && err.message ? localiseEnglish(err.message) : T.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={T.title} aria-label={T.title} className="kg-settings__language">
      {error && <Alert severity="error">{error}</Alert>}
      <SelectField label={T.label} options={OPTIONS} value={language} disabled={busy} onChange={(v) => void change(v)} helperText={T.hint} />
    </Card>
  );
}
