import { defineTexts, icu } from './define';

/**
 * The graph dialog's texts (spec §2 "Graph dialog", §8 Graph) in one place, shared by the
 * kg-graph-explorer widget, its machine and the host's graph dialog.
 */
export const GRAPH_MESSAGES = defineTexts('graphExplorer', {
  title: 'Enhanced Knowledge Graph Visualization',
  focusingOn: icu(['name'], (name: string) => `Focusing on: ${name}`),
  relationChip: icu(['type'], (type: string) => `Relation: ${type}`),
  relationsFor: icu(['name'], (name: string) => `Relations for ${name}`),
  /**
   * The global view's header. When hub caps hold relations back it says so, so the count cannot be
   * mistaken for the number of relations ('1,282 connections' beside 1,311 relations). An ICU text,
   * so each language words it and groups its numbers ('2.147 Knoten').
   */
  summary: icu(
    ['nodes', 'shown', 'total', 'heldBack', 'hubLimit'],
    (nodes: number, shown: number, total: number, heldBack: number, hubLimit: number) =>
      `${nodes.toLocaleString('en')} ${nodes === 1 ? 'node' : 'nodes'} · ${
        heldBack > 0
          ? `${shown.toLocaleString('en')} of ${total.toLocaleString('en')} connections (hubs show their ${hubLimit} strongest)`
          : `${shown.toLocaleString('en')} ${shown === 1 ? 'connection' : 'connections'}`
      }`,
    '{nodes, plural, one {# node} other {# nodes}} · {heldBack, plural, =0 {{shown, plural, one {# connection} other {# connections}}} other {{shown, number} of {total, number} connections (hubs show their {hubLimit, number} strongest)}}',
  ),
  /** Added to the header when the server sent only the best-connected part of a large graph. */
  truncated: icu(
    ['shown', 'total'],
    (shown: number, total: number) => `(the ${shown.toLocaleString('en')} best-connected of ${total.toLocaleString('en')} nodes)`,
    '(the {shown, number} best-connected of {total, number} nodes)',
  ),
  loading: 'Loading knowledge graph...',
  loadFailed: icu(['message'], (message: string) => `Failed to load graph data: ${message || 'Unknown error'}`),
  unknownError: 'Unknown error',
  initFailed: icu(['message'], (message: string) => `Failed to initialize graph visualization: ${message}`),
  hint: 'Mouse wheel to zoom, drag the background to pan, click nodes for details and click edges to edit or delete them.',
  none: 'None',
  clearFilters: 'Clear Filters',
  nodeTypes: 'Node Types',
  relations: 'Relations',
  noName: 'No name',
  noDescription: 'No description',
  removeIncoming: 'Remove Incoming Relations',
  removeOutgoing: 'Remove Outgoing Relations',
  editNodeTitle: 'Edit Knowledge Node',
  editRelationType: 'Edit Relation Type',
  deleteRelation: 'Delete Relation',
  typeLocked: 'Relations exist, update of node type is disabled.',
  // Snackbars (4 s, bottom centre).
  nodeDeleted: 'Node and all related relations deleted successfully',
  nodeDeleteFailed: 'Failed to delete node',
  relationTypeUpdated: 'Relation type updated successfully',
  relationTypeUpdateFailed: 'Failed to update relation type',
  relationDeleted: 'Relation deleted successfully',
  relationDeleteFailed: 'Failed to delete relation',
  nodeUpdated: 'Node updated successfully',
  nodeUpdateFailed: 'Failed to update node',
});

/** Zoom and layout figures of spec §9 "Graph figures". */
export const GRAPH_FIGURES = {
  wheelZoom: { min: 0.5, max: 2.5, in: 1.05, out: 0.95 },
  buttonZoom: { min: 0.3, max: 2.5, in: 1.1, out: 0.9 },
  fitZoom: { min: 0.3, max: 1 },
  defaultZoom: 0.7,
  edgeLabelMax: 15,
  focusedNameMax: 20,
  focusedTypeMax: 15,
  globalNameLine: 7,
  globalNameLines: 2,
  forceIterations: 100,
  nodeRadius: { focus: 22, normal: 18, hover: 25 },
  clickDelayMs: 250,
  toastMs: 4000,
} as const;

/** Fallback only (types without a stored colour, e.g. a graph given as data): ten colours by position. Node types store their own colour (contract/type-colors.ts). */
export const GRAPH_PALETTE = ['#1e88e5', '#43a047', '#e53935', '#8e24aa', '#fb8c00', '#00897b', '#d81b60', '#6d4c41', '#3949ab', '#7cb342'] as const;

/** Layouts: the switch offers circle, grid and force; hierarchical (grouped by node type) exists but is not offered. */
export const GRAPH_LAYOUTS = ['circle', 'grid', 'force', 'hierarchical'] as const;

export type GraphLayout = (typeof GRAPH_LAYOUTS)[number];

/** The graph explorer's controls and popovers (spec §2 "Graph dialog"); its messages are GRAPH_MESSAGES above. */
export const GRAPH_VIEW_TEXTS = defineTexts('graphExplorer.view', {
  tools: 'Graph tools',
  zoomIn: 'Zoom In',
  zoomOut: 'Zoom Out',
  zoomLevel: 'Zoom level',
  resetView: 'Reset View',
  refresh: 'Refresh Graph Data',
  exportPng: 'Export PNG',
  layout: 'Layout',
  layouts: { circle: 'Circle', grid: 'Grid', force: 'Force-directed' },
  findNode: 'Find a node',
  findPlaceholder: 'Find a node…',
  matchingNodes: 'Matching nodes',
  noNodesMatch: 'No nodes match the current filters.',
  focusedView: 'Focused view',
  close: 'Close',
  closeDetails: 'Close details',
  type: 'Type',
  snomed: 'SNOMED',
  created: 'Created',
  relations: 'Relations',
  nodeActions: 'Node actions',
  focusNode: 'Focus on this node',
  addRelation: 'Add Relation',
  editNode: 'Edit Node',
  deleteNode: 'Delete Node',
  deleteNodeQuestion: icu(['name'], (name: string) => `Delete ${name} and all its relations? This action cannot be undone.`),
  strength: 'Relationship strength',
  newRelationType: 'New relation type',
  chooseRelationType: 'Choose a relation type',
  deleteRelationQuestion: 'Are you sure you want to delete this relation? This action cannot be undone.',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving...',
  delete: 'Delete',
  deleting: 'Deleting...',
  updateNode: 'Update Node',
  name: 'Name',
  nodeType: 'Node Type',
  snomedCode: 'SNOMED Code',
  description: 'Description',
  signIn: 'Sign in to explore the knowledge graph.',
  relationLabel: icu(['name'], (name: string) => `Relation ${name}`),
  weight: icu(['weight'], (weight: number) => `weight ${weight}`),
  routeTo: 'to',
  unknownNode: 'Unknown Node',
  showMore: icu(['count'], (count: number) => `Show more (${count} hidden)`),
  cappedHubs: icu(
    ['count', 'limit'],
    (count: number, limit: number) => `${count} ${count > 1 ? 'hubs show only their' : 'hub shows only its'} ${limit} strongest relations: open one and choose Show more.`,
    '{count, plural, one {# hub shows only its {limit} strongest relations: open one and choose Show more.} other {# hubs show only their {limit} strongest relations: open one and choose Show more.}}',
  ),
  canvasLabel: 'Knowledge graph',
  keyboardHelp: "Arrow keys move between nodes. Shift with an arrow key moves between the chosen node's relations. Enter opens the details, E edits the node, Escape closes.",
  announceNode: icu(['name', 'type'], (name: string, type: string) => `${name}, ${type}`),
  announceEdge: icu(['relationType', 'source', 'target'], (relationType: string, source: string, target: string) => `${relationType}: ${source} to ${target}`),
});

/** Open proposals (review mode) drawn in the graph and decided from its popovers (docs/architecture/review.md). */
export const GRAPH_PROPOSAL_TEXTS = defineTexts('graphExplorer.proposals', {
  legend: 'Proposed',
  legendHint: 'Dashed: proposed, not yet approved',
  proposedBy: icu(['name'], (name: string) => `Proposed by ${name}`),
  draft: 'Draft',
  outdated: 'The record has changed since this was proposed',
  change: {
    nodeCreate: 'New node',
    nodeUpdate: 'Change to this node',
    nodeDelete: 'Delete this node',
    relationCreate: 'New relation',
    relationUpdate: 'Change to this relation',
    relationDelete: 'Delete this relation',
  },
  fields: {
    name: 'Name',
    nodeType: 'Node Type',
    snomedCode: 'SNOMED Code',
    description: 'Description',
    relationType: 'Relation type',
    relationName: 'Relation name',
    weight: 'Weight',
  },
  bundle: icu(
    ['count'],
    (count: number) => `One of ${count} changes proposed together: approving applies them all.`,
    'One of {count} changes proposed together: approving applies them all.',
  ),
  actions: 'Proposal actions',
  approve: 'Approve',
  reject: 'Reject',
  withdraw: 'Withdraw',
  reason: 'Reason for rejecting',
  reasonRequired: 'Say why the proposal is rejected',
  confirmReject: 'Reject proposal',
  ownProposal: 'Your proposal: someone else reviews it.',
  approved: 'Proposal approved',
  rejected: 'Proposal rejected',
  withdrawn: 'Proposal withdrawn',
  failed: 'The proposal could not be decided',
});
