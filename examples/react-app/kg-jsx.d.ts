// JSX types for the kg-* elements in this React app, from the generated contract
// (src/widgets/generated/kg-elements.d.ts is what `npm run build` writes to dist/widgets/).
// React 19 sets attributes for strings, properties for objects, and listens to `on<event-name>` props.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { KgDomEvents, KgGraphData, KgSessionSeed } from '../../src/widgets/generated/kg-elements';

type KgEvent<K extends keyof KgDomEvents> = (event: CustomEvent<KgDomEvents[K]>) => void;
type Base = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & { 'api-base'?: string; session?: KgSessionSeed | null };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'kg-sign-in': Base & { 'onkg-session-change'?: KgEvent<'kg-session-change'> };
      'kg-graph-explorer': Base & {
        'focus-node-id'?: string;
        'relation-type'?: string;
        layout?: 'force' | 'circle' | 'grid' | 'hierarchical';
        readonly?: boolean;
        'hub-limit'?: number;
        data?: KgGraphData | null;
        'onkg-node-select'?: KgEvent<'kg-node-select'>;
        'onkg-navigate'?: KgEvent<'kg-navigate'>;
        'onkg-relation-change'?: KgEvent<'kg-relation-change'>;
      };
    }
  }
}
