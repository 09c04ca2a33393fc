import type { ReactNode, SVGProps } from 'react';

/**
 * Inline SVG icons (stroke style, 24-unit grid, currentColor) so no icon font or package
 * is needed. Decorative by default (aria-hidden): the button around an icon carries the label.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number | string };

/**
 * Makes an icon component from SVG paths; widgets use it for their own icons. Marked free of side
 * effects so that bundles drop every `export const XIcon = icon(…)` nobody imports.
 */
/* #__NO_SIDE_EFFECTS__ */
export function icon(name: string, paths: ReactNode) {
  function Icon({ size, className, ...rest }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        width={size}
        height={size}
        className={className ? `kg-icon ${className}` : 'kg-icon'}
        {...rest}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const MenuIcon = icon('MenuIcon', <path d="M4 6h16M4 12h16M4 18h16" />);
export const ChevronLeftIcon = icon('ChevronLeftIcon', <path d="m15 18-6-6 6-6" />);
export const ArrowLeftIcon = icon('ArrowLeftIcon', <path d="M19 12H5m7 7-7-7 7-7" />);
export const DashboardIcon = icon(
  'DashboardIcon',
  <>
    <rect x="3" y="3" width="7" height="9" rx="1.5" />
    <rect x="14" y="3" width="7" height="5" rx="1.5" />
    <rect x="14" y="12" width="7" height="9" rx="1.5" />
    <rect x="3" y="16" width="7" height="5" rx="1.5" />
  </>,
);
export const SearchIcon = icon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const ShieldIcon = icon('ShieldIcon', <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Z" />);
export const UserIcon = icon(
  'UserIcon',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </>,
);
export const UsersIcon = icon(
  'UsersIcon',
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14.3c2.1.7 3.5 2.8 3.5 5.7" />
  </>,
);
export const SettingsIcon = icon(
  'SettingsIcon',
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
  </>,
);
export const LogoutIcon = icon('LogoutIcon', <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />);
export const NodesIcon = icon(
  'NodesIcon',
  <>
    <circle cx="6" cy="6" r="2.5" />
    <circle cx="18" cy="6" r="2.5" />
    <circle cx="12" cy="18" r="2.5" />
    <path d="M8.5 6h7M7.2 8.2l3.6 7.6M16.8 8.2l-3.6 7.6" />
  </>,
);
export const RelationsIcon = icon(
  'RelationsIcon',
  <>
    <circle cx="5" cy="12" r="2.5" />
    <circle cx="19" cy="12" r="2.5" />
    <path d="M7.5 12h9m-3-3 3 3-3 3" />
  </>,
);
export const TagIcon = icon(
  'TagIcon',
  <>
    <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </>,
);
export const LinkTypeIcon = icon('LinkTypeIcon', <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />);
export const MedicalIcon = icon(
  'MedicalIcon',
  <>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <path d="M12 8v8M8 12h8" />
  </>,
);
export const KeyIcon = icon(
  'KeyIcon',
  <>
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="m10.7 12.3 9.3-9.3M16 7l3 3M14 9l2 2" />
  </>,
);
export const ChartIcon = icon('ChartIcon', <path d="M3 3v18h18M8 16v-5M13 16V8M18 16v-8" />);
export const EditIcon = icon('EditIcon', <path d="M12 20h9M16.5 3.5a2.1 2.1 0 1 1 3 3L7 19l-4 1 1-4 12.5-12.5Z" />);
export const LockIcon = icon(
  'LockIcon',
  <>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);
export const UnlockIcon = icon(
  'UnlockIcon',
  <>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 7.9-1" />
  </>,
);
export const CloseIcon = icon('CloseIcon', <path d="M18 6 6 18M6 6l12 12" />);
export const AlertIcon = icon(
  'AlertIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </>,
);
export const CheckCircleIcon = icon(
  'CheckCircleIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.7 2.7L16 9.8" />
  </>,
);
export const InfoIcon = icon(
  'InfoIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5M12 7.5v.01" />
  </>,
);
export const ConstructionIcon = icon(
  'ConstructionIcon',
  <>
    <rect x="3" y="7" width="18" height="7" rx="1.5" />
    <path d="m7 7-3 7M13 7l-3 7M19 7l-3 7M6 14v6M18 14v6" />
  </>,
);

// Data screens (tables, filters, dialogs).
export const PlusIcon = icon('PlusIcon', <path d="M12 5v14M5 12h14" />);
export const TrashIcon = icon('TrashIcon', <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />);
export const RefreshIcon = icon('RefreshIcon', <path d="M20 11a8 8 0 0 0-14.9-3.5M4 4v4h4M4 13a8 8 0 0 0 14.9 3.5M20 20v-4h-4" />);
export const EyeIcon = icon(
  'EyeIcon',
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = icon(
  'EyeOffIcon',
  <path d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.8 3.7M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.8 9.8 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />,
);
export const ChevronDownIcon = icon('ChevronDownIcon', <path d="m6 9 6 6 6-6" />);
export const ChevronUpIcon = icon('ChevronUpIcon', <path d="m18 15-6-6-6 6" />);
export const ChevronRightIcon = icon('ChevronRightIcon', <path d="m9 18 6-6-6-6" />);
export const ArrowUpIcon = icon('ArrowUpIcon', <path d="M12 19V5m-7 7 7-7 7 7" />);
export const ArrowDownIcon = icon('ArrowDownIcon', <path d="M12 5v14m7-7-7 7-7-7" />);
export const MailIcon = icon(
  'MailIcon',
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
);
export const PhoneIcon = icon(
  'PhoneIcon',
  <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2Z" />,
);
export const ShieldCheckIcon = icon(
  'ShieldCheckIcon',
  <>
    <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Z" />
    <path d="m9 12 2 2 4-4" />
  </>,
);
export const FilterOffIcon = icon('FilterOffIcon', <path d="M4 4h16l-6 8v6l-4 2v-8L4 4ZM3 3l18 18" />);
export const FileIcon = icon('FileIcon', <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h4" />);
export const UploadIcon = icon('UploadIcon', <path d="M12 15V4M7 9l5-5 5 5M5 15v4a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-4" />);
export const DownloadIcon = icon('DownloadIcon', <path d="M12 4v11M7 10l5 5 5-5M5 15v4a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-4" />);
export const GridViewIcon = icon('GridViewIcon', <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z" />);
export const TableViewIcon = icon('TableViewIcon', <path d="M4 5h16v14H4zM4 10h16M4 15h16M10 10v9" />);
/** The knowledge graph (View Graph, View Relations, View in Graph). */
export const GraphIcon = icon(
  'GraphIcon',
  <>
    <circle cx="5" cy="12" r="2.5" />
    <circle cx="19" cy="5" r="2.5" />
    <circle cx="19" cy="19" r="2.5" />
    <path d="m7.3 10.8 9.4-4.6M7.3 13.2l9.4 4.6" />
  </>,
);
/** A link that opens in a new tab (node URLs). */
export const ExternalLinkIcon = icon('ExternalLinkIcon', <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />);
