/**
 * The widget bundle's entry (dist/widgets/kg-elements.js): defines every kg-* element.
 * defineElement skips a name that is already defined, so loading the bundle twice is harmless.
 */
import { defineElement } from './define-element';
import { signInElement } from './sign-in/sign-in.element';

defineElement(signInElement);
