import { z } from 'zod';
import {
  CommentBodySchema,
  NodeSaveSchema,
  RelationSaveSchema,
  RoleCreateSchema,
  SYSTEM_ROLE_NAMES,
  TaxonomySaveSchema,
  emailField,
  mobileField,
  usernameField,
  type BackupPart,
} from '../../../../contract';

/**
 * The API's own rules for what an archive row holds: each row is put into the shape of the body
 * the API would have taken for it and checked with the API's schema from src/contract (not a
 * copy), so a restore cannot bring in what no API route would have stored — a javascript: URL,
 * a role with unknown permissions, a username with spaces. tables/ checks the row's columns and
 * types; this checks the values. References (a type id standing in for the type's name) only need
 * to be non-empty here: validate.ts checks that they name rows of the archive.
 */
const UserFields = z.object({ username: usernameField, email: emailField, mobileNo: mobileField.nullable() });

type Row = Record<string, unknown>;

const CHECKS: Partial<Record<BackupPart, (row: Row) => z.ZodSafeParseResult<unknown>>> = {
  roles: (row) =>
    RoleCreateSchema.safeParse({ name: row.name, description: row.description, permissions: row.permissions, isActive: row.is_active }),
  users: (row) => UserFields.safeParse({ username: row.username, email: row.email, mobileNo: row.mobile_no }),
  nodeTypes: (row) => TaxonomySaveSchema.safeParse({ name: row.name, color: row.color }),
  relationTypes: (row) => TaxonomySaveSchema.safeParse({ name: row.name, symmetric: row.symmetric, defaultWeight: row.default_weight }),
  nodes: (row) =>
    NodeSaveSchema.safeParse({
      name: row.name,
      nodeType: row.node_type_id,
      snomedCode: row.snomed_code,
      url: row.url,
      description: row.description,
      note: row.note,
    }),
  relations: (row) =>
    RelationSaveSchema.safeParse({
      relationName: row.relation_name,
      sourceNodeId: row.source_node_id,
      targetNodeId: row.target_node_id,
      relationType: row.relation_type_id,
      weight: row.weight,
      description: row.description,
      note: row.note,
      url: row.url,
    }),
  comments: (row) => CommentBodySchema.safeParse({ body: row.body }),
};

/** Why the API would refuse this row ("url: Please enter a valid URL"), or null. */
export function apiRefusal(part: BackupPart, row: Row): string | null {
  const result = CHECKS[part]?.(row);
  if (result && !result.success) {
    const issue = result.error.issues[0];
    return `${issue.path.join('.') || 'row'}: ${issue.message}`;
  }
  // System roles cannot be edited or deleted: only the installation's own three exist (the
  // restore maps the archive's onto them); any other would be a role nobody could change.
  if (part === 'roles' && row.is_system === true && !(SYSTEM_ROLE_NAMES as readonly string[]).includes(String(row.name).toLowerCase())) {
    return `is_system: "${String(row.name)}" is not a system role (${SYSTEM_ROLE_NAMES.join(', ')})`;
  }
  return null;
}
