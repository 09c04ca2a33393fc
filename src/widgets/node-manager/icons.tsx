import { icon } from '../../ui/icons';

/** The node screens' own icons, made like the shared ones. */
export const GridViewIcon = icon('GridViewIcon', <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z" />);
export const TableViewIcon = icon('TableViewIcon', <path d="M4 5h16v14H4zM4 10h16M4 15h16M10 10v9" />);
export const GraphIcon = icon(
  'GraphIcon',
  <>
    <circle cx="6" cy="7" r="2.2" />
    <circle cx="18" cy="6" r="2.2" />
    <circle cx="12" cy="17" r="2.5" />
    <path d="m8 8.2 2.8 6.6M16.5 7.8l-3.3 7.1M8.2 7l7.6-.8" />
  </>,
);
export const AddRelationIcon = icon(
  'AddRelationIcon',
  <>
    <circle cx="5" cy="12" r="2.5" />
    <path d="M7.5 12H14M18 8v8M14 12h8" />
  </>,
);
export const MoreIcon = icon(
  'MoreIcon',
  <>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </>,
);
export const OutgoingIcon = icon('OutgoingIcon', <path d="M5 12h13m-5-5 5 5-5 5" />);
export const IncomingIcon = icon('IncomingIcon', <path d="M19 12H6m5-5-5 5 5 5" />);
export const ExternalLinkIcon = icon('ExternalLinkIcon', <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />);
export const PaperclipIcon = icon('PaperclipIcon', <path d="m20 11.5-8.2 8.2a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />);
