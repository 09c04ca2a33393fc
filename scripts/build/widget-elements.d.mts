export declare const ELEMENTS_ENTRY: string;
export interface WidgetElement {
  tag: `kg-${string}`;
  exportName: string;
  /** Import path relative to src/widgets (as written in elements.ts). */
  module: string;
  /** Absolute path of the element spec module. */
  file: string;
}
export declare function widgetElements(): WidgetElement[];
