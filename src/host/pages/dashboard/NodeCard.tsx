import type { KnowledgeNode } from '../../../contract/knowledge/nodes';
import { Chip } from '../../../ui';
import { NodeActions, type NodeAction } from '../../../widgets/node-manager';
import { DASHBOARD_TEXTS } from '../../../contract/texts/dashboard';

/** Spec §2 node card: name, type chip, SNOMED code, description (or a fallback), note, actions. */
export function NodeCard({ node, actions }: { node: KnowledgeNode; actions: readonly NodeAction[] }) {
  return (
    <article className="kg-dash-card" aria-label={node.name} data-testid="node-card">
      <header className="kg-dash-card__head">
        <h3 className="kg-dash-card__title">{node.name}</h3>
        <Chip color="primary" tint={node.nodeTypeColor}>{node.nodeType}</Chip>
      </header>
      {node.snomedCode && (
        <p className="kg-dash-card__meta">
          <span className="kg-dash-card__meta-label">{DASHBOARD_TEXTS.snomed}</span> {node.snomedCode}
        </p>
      )}
      <p className={node.description ? 'kg-dash-card__text' : 'kg-dash-card__text kg-dash-card__text--muted'}>{node.description || DASHBOARD_TEXTS.noDescription}</p>
      {node.note && (
        <p className="kg-dash-card__note">
          <span className="kg-dash-card__meta-label">{DASHBOARD_TEXTS.note}</span> {node.note}
        </p>
      )}
      <footer className="kg-dash-card__actions">
        <NodeActions node={node} actions={actions} className="kg-dash-actions" />
      </footer>
    </article>
  );
}
