import type { Ref } from 'react';
import { Link } from 'react-router';
import { IconButton } from '../../ui';
import { DashboardIcon, MenuIcon, SearchIcon } from '../../ui/icons';
import { AccountMenu } from './AccountMenu';
import { AdminMenu } from './AdminMenu';
import { BackButton } from './BackButton';
import { SHELL_TEXTS as S } from '../../contract/texts/shell';

export interface TopBarProps {
  title: string;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  menuRef?: Ref<HTMLButtonElement>;
}

export function TopBar({ title, drawerOpen, onOpenDrawer, menuRef }: TopBarProps) {
  return (
    <header className="kg-topbar">
      {!drawerOpen && (
        <IconButton label={S.openDrawer} ref={menuRef} onClick={onOpenDrawer}>
          <MenuIcon />
        </IconButton>
      )}
      <BackButton />
      <h1 className="kg-topbar__title">{title}</h1>
      <div className="kg-topbar__actions">
        <Link to="/dashboard" className="kg-icon-btn" aria-label={S.dashboard} title={S.dashboard}>
          <DashboardIcon />
        </Link>
        <Link to="/search" className="kg-icon-btn" aria-label={S.search} title={S.search}>
          <SearchIcon />
        </Link>
        <AdminMenu />
        <AccountMenu />
      </div>
    </header>
  );
}
