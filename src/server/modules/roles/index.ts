/** Roles and their permissions. */
export { getRole, listRoles } from './repository';
export { roleRoutes } from './routes';
