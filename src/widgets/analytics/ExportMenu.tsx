import { useEffect, useRef, useState } from 'react';
import { ChevronDownIcon, DownloadIcon } from '../../ui/icons';
import { ANALYTICS_TEXTS as T } from '../../contract/texts/admin/analytics';

export interface ExportMenuProps {
  busy: boolean;
  onExport: (format: 'xlsx' | 'csv') => void;
}

const FORMATS = [
  { format: 'xlsx', label: T.exportXlsx },
  { format: 'csv', label: T.exportCsv },
] as const;

/**
 * Export: a button that opens the two formats. A small disclosure of its own rather than ui/Menu:
 * Menu brings floating-ui (about 20 KB gzip), which would take kg-analytics over its budget.
 * Escape or a click elsewhere closes it and focus returns to the button.
 */
export function ExportMenu({ busy, onExport }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (!e.composedPath().includes(root.current!)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div
      ref={root}
      className="kg-analytics__export-menu"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) close();
        if (!open || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
        e.preventDefault();
        const items = [...root.current!.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
        const at = items.findIndex((i) => i === (e.target as Element));
        items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
      }}
    >
      <button ref={button} type="button" className="kg-analytics__export" aria-haspopup="menu" aria-expanded={open} disabled={busy} onClick={() => setOpen((o) => !o)}>
        <DownloadIcon size={18} /> {busy ? T.exporting : T.export} <ChevronDownIcon size={16} />
      </button>
      {open && (
        <div className="kg-menu kg-analytics__export-list" role="menu" aria-label={T.export}>
          {FORMATS.map((f) => (
            <button
              key={f.format}
              type="button"
              role="menuitem"
              className="kg-menu__item"
              onClick={() => {
                close();
                onExport(f.format);
              }}
            >
              {f.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
