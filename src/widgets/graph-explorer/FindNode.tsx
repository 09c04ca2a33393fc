import { useId, useMemo, useState } from 'react';
import { SearchIcon } from '../../ui/icons';
import { GRAPH_VIEW_TEXTS as V } from '../../contract/texts/graph';

export interface FindOption {
  id: string;
  name: string;
  nodeType: string;
  color: string;
}

const MAX_RESULTS = 8;

/** Find a node by name: a combobox whose choice is centred and selected in the graph. */
export function FindNode({ options, onFind }: { options: readonly FindOption[]; onFind: (id: string) => void }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const matches = useMemo(() => {
    const q = text.trim().toLowerCase();
    if (!q) return [];
    const starts: FindOption[] = [];
    const contains: FindOption[] = [];
    for (const o of options) {
      const name = o.name.toLowerCase();
      if (name.startsWith(q)) starts.push(o);
      else if (name.includes(q)) contains.push(o);
      if (starts.length >= MAX_RESULTS) break;
    }
    return [...starts, ...contains].slice(0, MAX_RESULTS);
  }, [options, text]);
  const choose = (o: FindOption) => {
    onFind(o.id);
    setText(o.name);
    setOpen(false);
  };
  const showList = open && matches.length > 0;
  return (
    <div className="kg-graph-find">
      <SearchIcon size={16} className="kg-graph-find__icon" />
      <input
        type="search"
        role="combobox"
        aria-label={V.findNode}
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-activedescendant={showList ? `${id}-${active}` : undefined}
        placeholder={V.findPlaceholder}
        className="kg-graph-find__input"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setOpen(true);
          setActive(0);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, matches.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Enter' && matches[active]) choose(matches[active]);
          else if (e.key === 'Escape' && open) {
            e.preventDefault();
            e.stopPropagation();
            setOpen(false);
          } else return;
          e.preventDefault();
        }}
      />
      {showList && (
        <ul id={`${id}-list`} role="listbox" className="kg-graph-find__list" aria-label={V.matchingNodes}>
          {matches.map((o, i) => (
            <li
              key={o.id}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              className="kg-graph-find__option"
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o);
              }}
            >
              <span className="kg-graph-dot" style={{ background: o.color }} aria-hidden="true" />
              <span className="kg-graph-find__name">{o.name}</span>
              <span className="kg-graph-find__type">{o.nodeType}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
