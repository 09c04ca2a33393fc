/**
 * Users: accounts, their roles' permissions, username look-alikes and the admin routes. Auth,
 * roles, the access plugin and the live sockets use the account reads and rules from here.
 */
export { accountConflict } from './account-conflict';
export { grantorOf, refuseIf, roleOfUser } from './grant-rules';
export { USER_RECORD, findSessions, findUserById, findUserByLogin, findUserOfSession, listUsers, toUser, userPermissions, type SessionState, type UserRow } from './repository';
export { skeleton, usernameSkeleton } from './skeleton';
export { userCreated, userDeleted, userUpdated, userState, USER_AUDIT_FIELDS, type UserState } from './user-audit';
export { assertUsernameFree, fillMissingSkeletons, usernameClashes } from './username-skeletons';
export { userRoutes } from './routes';
