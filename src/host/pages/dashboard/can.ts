import type { User } from '../../../contract';

/** Which write actions the signed-in user sees (the server enforces the same permissions). */
export interface DashboardAbilities {
  createNode: boolean;
  updateNode: boolean;
  deleteNode: boolean;
  createRelation: boolean;
  updateRelation: boolean;
  deleteRelation: boolean;
}

export function abilitiesOf(user: User): DashboardAbilities {
  const has = (p: string) => user.permissions?.includes(p) ?? false;
  return {
    createNode: has('nodes.create'),
    updateNode: has('nodes.update'),
    deleteNode: has('nodes.delete'),
    createRelation: has('relations.create'),
    updateRelation: has('relations.update'),
    deleteRelation: has('relations.delete'),
  };
}
