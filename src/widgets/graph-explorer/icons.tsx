import { icon } from '../../ui/icons';

/** The graph explorer's own icons, made like the shared ones; the shared ones are re-exported. */
export { DownloadIcon, FilterOffIcon, GraphIcon, GridViewIcon as GridLayoutIcon, PlusIcon as ExpandIcon, RefreshIcon, TrashIcon } from '../../ui/icons';

export const ZoomInIcon = icon('ZoomInIcon', <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm10 17-5-5M11 8v6M8 11h6" />);
export const ZoomOutIcon = icon('ZoomOutIcon', <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm10 17-5-5M8 11h6" />);
export const FitIcon = icon('FitIcon', <path d="M4 9V5a1 1 0 0 1 1-1h4M15 4h4a1 1 0 0 1 1 1v4M20 15v4a1 1 0 0 1-1 1h-4M9 20H5a1 1 0 0 1-1-1v-4M12 9v6M9 12h6" />);
export const CircleLayoutIcon = icon(
  'CircleLayoutIcon',
  <>
    <circle cx="12" cy="5" r="2" />
    <circle cx="18.5" cy="15" r="2" />
    <circle cx="5.5" cy="15" r="2" />
    <path d="M10.3 6.4 6.6 13M13.7 6.4l3.7 6.6M7.5 15h9" />
  </>,
);
export const ForceLayoutIcon = icon(
  'ForceLayoutIcon',
  <>
    <circle cx="6" cy="7" r="2" />
    <circle cx="17" cy="5" r="2" />
    <circle cx="12" cy="13" r="2.5" />
    <circle cx="5" cy="19" r="2" />
    <circle cx="19" cy="18" r="2" />
    <path d="m7.6 8.3 2.7 2.9M15.8 6.6l-2.7 4.4M10.4 14.7l-3.8 3M14.2 14.5l3.2 2.4" />
  </>,
);
export const AddLinkIcon = icon('AddLinkIcon', <path d="M9 17H7A5 5 0 0 1 7 7h2M15 7h2a5 5 0 0 1 2.9 9.1M8 12h6M19 16v6M16 19h6" />);
export const FocusIcon = icon('FocusIcon', <path d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8ZM12 2v3M12 19v3M2 12h3M19 12h3" />);
