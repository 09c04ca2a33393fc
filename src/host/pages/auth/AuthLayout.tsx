import type { ReactNode } from 'react';
import { NodesIcon } from '../../../ui/icons';
import './auth.css';

/** The centred card of the public sign-in and registration screens. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="kg-auth">
      <div className="kg-auth__card">
        <div className="kg-auth__brand" aria-hidden="true">
          <NodesIcon />
        </div>
        <h1 className="kg-auth__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
