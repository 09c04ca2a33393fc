import type { NodeSnomedDrift } from '../../../contract/knowledge/snomed';
import { SNOMED_DRIFT_TEXTS as D } from '../../../contract/texts/snomed';
import { AlertIcon } from '../../../ui/icons';

/** The small warning badge of a node whose SNOMED code an import changed (lists and detail); its title says what changed. */
export function SnomedDriftBadge({ drift }: { drift: NodeSnomedDrift }) {
  return (
    <span className="kg-drift-badge" title={D.kinds[drift.kind]}>
      <AlertIcon size={14} />
      <span>{D.badge}</span>
      <span className="kg-visually-hidden">: {D.kinds[drift.kind]}</span>
    </span>
  );
}
