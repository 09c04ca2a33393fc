import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { KnowledgeNode } from '../../../contract/knowledge/nodes';
import { IconButton } from '../../../ui/Button';
import type { MenuItem, MenuProps } from '../../../ui/overlay/Menu';
import { Tooltip } from '../../../ui/overlay/Tooltip';
import { icon } from '../../../ui/icons';

const MoreIcon = icon(
  'MoreIcon',
  <>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </>,
);

// The narrow layout's row menu needs floating-ui (~20 KB gzip): it loads when a narrow table first
// renders, not with every node list (bench/bundle). Until then a look-alike trigger stands in;
// a click on it is kept and the menu opens as soon as it has loaded.
const Menu = lazy(() => import('../../../ui/overlay/Menu').then((m) => ({ default: m.Menu })));

function LazyMenu(props: MenuProps) {
  const [clicked, setClicked] = useState(false);
  const standIn = (
    <button type="button" aria-label={props.label} title={props.label} aria-haspopup="menu" aria-expanded={clicked} className="kg-icon-btn" onClick={() => setClicked(true)}>
      {props.trigger}
    </button>
  );
  return (
    <Suspense fallback={standIn}>
      <Menu {...props} defaultOpen={clicked} />
    </Suspense>
  );
}

/**
 * One action of a node row or card. Each screen lists its own (which ones, in which order, with
 * which texts, for which permissions); the part draws them the same way everywhere.
 */
export interface NodeAction {
  key: string;
  icon: ReactNode;
  /** The button's accessible name (it may name the node). */
  label: (node: KnowledgeNode) => string;
  /** The short text: the button's tooltip and the menu item's text (default: the label). */
  text?: string;
  onSelect: (node: KnowledgeNode) => void;
  /** Why the action does nothing for this node (its tooltip), or nothing when it works. */
  inert?: (node: KnowledgeNode) => string | undefined;
  className?: string;
  /** The button's class while inert. */
  inertClassName?: string;
  /** A line above it in the menu (Delete). */
  divider?: boolean;
}

export interface NodeActionsProps {
  node: KnowledgeNode;
  actions: readonly NodeAction[];
  /** Narrow: one menu button instead of a row of icon buttons. */
  compact?: boolean;
  /** The menu button's name (compact only). */
  menuLabel?: (node: KnowledgeNode) => string;
  className?: string;
}

/**
 * A node's actions as icon buttons, or (compact) as one menu. An inert action stays focusable
 * (aria-disabled, not disabled) so its tooltip can say why it does nothing.
 */
export function NodeActions({ node, actions, compact, menuLabel, className = 'kg-nodes__actions' }: NodeActionsProps) {
  if (compact) {
    const items: MenuItem[] = actions.map((a) => {
      const why = a.inert?.(node);
      const text = a.text ?? a.label(node);
      return { key: a.key, label: why ? `${text} (${why})` : text, icon: a.icon, disabled: !!why, divider: a.divider, onSelect: () => a.onSelect(node) };
    });
    return (
      <span className={className}>
        <LazyMenu label={menuLabel?.(node) ?? node.name} trigger={<MoreIcon />} items={items} />
      </span>
    );
  }
  return (
    <span className={className}>
      {actions.map((a) => {
        const why = a.inert?.(node);
        return why ? (
          <Tooltip key={a.key} content={why}>
            <IconButton label={a.label(node)} title="" aria-disabled="true" className={a.inertClassName}>
              {a.icon}
            </IconButton>
          </Tooltip>
        ) : (
          <IconButton key={a.key} label={a.label(node)} title={a.text} className={a.className} onClick={() => a.onSelect(node)}>
            {a.icon}
          </IconButton>
        );
      })}
    </span>
  );
}
