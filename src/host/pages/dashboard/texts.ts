import { defineTexts, icu } from '../../../contract/texts';
/** The dashboard sections' texts (spec §2 Dashboard, §8 "Dashboard and nodes"). */
export const DASHBOARD_TEXTS = defineTexts('dashboard', {
  stats: { nodeCount: 'Total Nodes', relationCount: 'Total Relations', userCount: 'Total Users', nodeTypeCount: 'Node Types' },
  loadingStat: icu(['label'], (label: string) => `Loading ${label}`),
  nodesTitle: 'Knowledge Nodes',
  relationsTitle: 'Relations',
  addNode: 'Add New Node',
  addRelation: 'Add New Relation',
  nodeSearchPlaceholder: 'Search nodes by name, type, SNOMED, or description...',
  relationSearchPlaceholder: 'Search relations by name, type, source, target, or description...',
  noNodesMatch: 'No nodes match your search',
  noNodes: 'No nodes found',
  noRelationsMatch: 'No relations match your search',
  noRelations: 'No relations found',
  noRelationsGrid: 'No relations found. Create your first relation to get started.',
  noDescription: 'No description available',
  unnamedRelation: 'Unnamed Relation',
  unknownNode: 'Unknown Node',
  noRelationsTooltip: 'No relations exist',
  loadFailed: 'Failed to load data',
  retry: 'Retry',
  deleteNodeFailed: 'Failed to delete knowledge node',
  deleteRelationFailed: 'Failed to delete relation',
  nodeDeleted: 'Node deleted successfully',
  relationDeleted: 'Relation deleted successfully',
});

