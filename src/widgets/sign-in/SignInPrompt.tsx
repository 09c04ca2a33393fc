import css from './sign-in.css?inline';
import { SignIn } from './SignIn';

export interface SignInPromptProps {
  apiBase: string;
  /** Names what the sign-in is for ("Sign in to manage users."). */
  signInPrompt: string;
}

/**
 * The compact sign-in a widget shows without a session (DESIGN §5). A chunk of its own, with its
 * styles: a signed-in page never downloads it (bench/bundle). The <style> lands in the widget's
 * shadow root next to the form.
 */
export function SignInPrompt({ apiBase, signInPrompt }: SignInPromptProps) {
  return (
    <div className="kg-widget__signin">
      <style>{css}</style>
      <p className="kg-widget__signin-text">{signInPrompt}</p>
      <SignIn apiBase={apiBase} />
    </div>
  );
}
