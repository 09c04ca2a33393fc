import { useSyncExternalStore } from 'react';
import { GRAPH_FIGURES } from '../../contract/texts/graph';
import { LAYOUT_CHOICES, type LayoutName } from './model/layouts';
import { CircleLayoutIcon, DownloadIcon, FitIcon, ForceLayoutIcon, GridLayoutIcon, RefreshIcon, ZoomInIcon, ZoomOutIcon } from './icons';
import { FindNode, type FindOption } from './FindNode';
import { GRAPH_VIEW_TEXTS as V } from '../../contract/texts/graph';

/** The zoom level as a tiny store, so wheel zooming re-renders only the percentage. */
export function createZoomStore(initial: number = GRAPH_FIGURES.defaultZoom) {
  let k = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => k,
    set(next: number) {
      if (Math.abs(next - k) < 1e-4) return;
      k = next;
      listeners.forEach((l) => l());
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}
export type ZoomStore = ReturnType<typeof createZoomStore>;

function ZoomPercent({ store }: { store: ZoomStore }) {
  const k = useSyncExternalStore(store.subscribe, store.get, store.get);
  return (
    <output className="kg-graph-toolbar__zoom" aria-label={V.zoomLevel} aria-live="off">
      {Math.round(k * 100)}%
    </output>
  );
}

const LAYOUT_ICONS = { circle: CircleLayoutIcon, grid: GridLayoutIcon, force: ForceLayoutIcon, hierarchical: GridLayoutIcon };

export interface ToolbarProps {
  zoom: ZoomStore;
  layout: LayoutName;
  loading: boolean;
  findOptions: readonly FindOption[];
  onZoomIn: () => void;
  onZoomOut: () => void;
  onReset: () => void;
  onRefresh: () => void;
  onLayout: (layout: LayoutName) => void;
  onFind: (id: string) => void;
  onExport: () => void;
}

/** Spec §2 toolbar: Zoom In/Out, Reset View, Refresh Graph Data, zoom %, layout switch; plus find and PNG export. */
export function Toolbar(p: ToolbarProps) {
  const button = (label: string, Icon: typeof ZoomInIcon, onClick: () => void, disabled = false) => (
    <button type="button" className="kg-icon-btn kg-graph-toolbar__btn" aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      <Icon />
    </button>
  );
  return (
    <div className="kg-graph-toolbar" role="toolbar" aria-label={V.tools}>
      <div className="kg-graph-toolbar__group">
        {button(V.zoomIn, ZoomInIcon, p.onZoomIn)}
        {button(V.zoomOut, ZoomOutIcon, p.onZoomOut)}
        <ZoomPercent store={p.zoom} />
        {button(V.resetView, FitIcon, p.onReset)}
        {button(V.refresh, RefreshIcon, p.onRefresh, p.loading)}
      </div>
      <div className="kg-graph-layouts" role="radiogroup" aria-label={V.layout}>
        {LAYOUT_CHOICES.map(({ value, label }) => {
          const Icon = LAYOUT_ICONS[value];
          return (
            <button key={value} type="button" role="radio" aria-label={label} title={label} aria-checked={p.layout === value} className="kg-graph-layouts__option" onClick={() => p.onLayout(value)}>
              <Icon size={16} />
              <span>{label}</span>
            </button>
          );
        })}
      </div>
      <div className="kg-graph-toolbar__group kg-graph-toolbar__group--end">
        <FindNode options={p.findOptions} onFind={p.onFind} />
        {button(V.exportPng, DownloadIcon, p.onExport)}
      </div>
    </div>
  );
}
