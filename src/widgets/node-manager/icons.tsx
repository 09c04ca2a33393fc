import { icon } from '../../ui/icons';

/** The node screens' own icons, made like the shared ones; the shared ones they use are re-exported. */
export { ExternalLinkIcon, GraphIcon, GridViewIcon, TableViewIcon } from '../../ui/icons';

export const AddRelationIcon = icon(
  'AddRelationIcon',
  <>
    <circle cx="5" cy="12" r="2.5" />
    <path d="M7.5 12H14M18 8v8M14 12h8" />
  </>,
);
export const OutgoingIcon = icon('OutgoingIcon', <path d="M5 12h13m-5-5 5 5-5 5" />);
export const IncomingIcon = icon('IncomingIcon', <path d="M19 12H6m5-5-5 5 5 5" />);
export const PaperclipIcon = icon('PaperclipIcon', <path d="m20 11.5-8.2 8.2a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />);
