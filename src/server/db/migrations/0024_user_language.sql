-- The language a user chose in Settings, remembered across devices and sign-ins.
-- NULL: not chosen, the app follows the browser (or what was picked before signing in). The
-- contract's USER_LANGUAGES lists the accepted values; the check only keeps the column a language tag.
ALTER TABLE users ADD COLUMN language text CHECK (language IS NULL OR language ~ '^[a-z]{2,3}$');
