import { useNavigate } from 'react-router';
import { Avatar, Menu } from '../../ui';
import { LogoutIcon, SettingsIcon, UserIcon } from '../../ui/icons';
import { logout, useCurrentUser } from '../session';
import { SHELL_TEXTS as S } from '../../contract/texts/shell';

/** Username and role (disabled item), Settings, Logout (clears the session, then /login). */
export function AccountMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <Menu
      label={S.account}
      trigger={<Avatar name={user.username} size={32} />}
      items={[
        {
          key: 'who',
          disabled: true,
          icon: <UserIcon />,
          label: (
            <span className="kg-account-who">
              <span className="kg-account-who__name">{user.username}</span>
              <span className="kg-account-who__role">{user.role}</span>
            </span>
          ),
        },
        { key: 'settings', label: S.settings, icon: <SettingsIcon />, divider: true, onSelect: () => void navigate('/settings') },
        {
          key: 'logout',
          label: S.logout,
          icon: <LogoutIcon />,
          onSelect: () => {
            logout();
            void navigate('/login', { replace: true });
          },
        },
      ]}
    />
  );
}
