/**
 * The widget bundle's entry (dist/widgets/kg-elements.js): defines every kg-* element.
 * defineElement skips a name that is already defined, so loading the bundle twice is harmless.
 * Each element's component code is a lazy chunk that loads when its first element connects.
 */
import { analyticsElement } from './analytics/analytics.element';
import { auditLogElement } from './audit-log/audit-log.element';
import { defineElement } from './element/define-element';
import { graphExplorerElement } from './graph-explorer/graph-explorer.element';
import { nodeManagerElement } from './node-manager/node-manager.element';
import { relationEditorElement } from './relation-editor/relation-editor.element';
import { reviewQueueElement } from './review-queue/review-queue.element';
import { roleAdminElement } from './role-admin/role-admin.element';
import { signInElement } from './sign-in/sign-in.element';
import { snomedAdminElement } from './snomed-admin/snomed-admin.element';
import { terminologyElement } from './terminology-admin/terminology-admin.element';
import { typeAdminElement } from './type-admin/type-admin.element';
import { userAdminElement } from './user-admin/user-admin.element';

defineElement(signInElement);
defineElement(userAdminElement);
defineElement(roleAdminElement);
defineElement(graphExplorerElement);
defineElement(snomedAdminElement);
defineElement(typeAdminElement);
defineElement(nodeManagerElement);
defineElement(relationEditorElement);
defineElement(auditLogElement);
defineElement(analyticsElement);
defineElement(terminologyElement);
defineElement(reviewQueueElement);
