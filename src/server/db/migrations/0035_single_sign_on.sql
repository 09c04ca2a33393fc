-- Single sign-on through an OpenID provider: which provider identity is which account, the
-- sign-ins in progress, the one-time codes that hand a finished sign-in to the page, and what a
-- session signed in through the provider needs for the hourly re-check and for signing out.

-- A provider identity (issuer + subject) belongs to one account; an account has at most one per issuer.
CREATE TABLE user_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in timestamptz,
  PRIMARY KEY (issuer, subject)
);
CREATE UNIQUE INDEX user_identities_user ON user_identities (user_id, issuer);

-- A started sign-in: kept by the hash of its state, bound to the browser that started it.
CREATE TABLE sso_flows (
  state_hash text PRIMARY KEY,
  browser_hash text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  redirect_uri text NOT NULL,
  return_to text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- A finished sign-in waiting for the page to fetch its tokens (one use, one minute).
CREATE TABLE sso_handoffs (
  code_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subject text NOT NULL,
  provider_sid text,
  id_token text,
  provider_refresh text,
  expires_at timestamptz NOT NULL
);

-- A session (refresh-token family) that came from the provider.
CREATE TABLE sso_sessions (
  family_id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  issuer text NOT NULL,
  subject text NOT NULL,
  provider_sid text,
  id_token text,
  -- The provider's refresh token, encrypted with a key derived from the token secret.
  provider_refresh text,
  checked_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sso_sessions_user ON sso_sessions (user_id);
CREATE INDEX sso_sessions_provider_sid ON sso_sessions (issuer, provider_sid);
