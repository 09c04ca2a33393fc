import { useCallback, useMemo } from 'react';
import type { ApiClient } from '../../../api/client';
import { joinTypeNames } from '../../../api/knowledge/node-filters';
import { nodesApi } from '../../../api/knowledge/nodes';
import { RELATION_TEXTS as T } from '../../../contract/texts/relations';
import { Combobox } from '../../../ui/form/Combobox';
import type { LoadOptions } from '../../../ui/form/use-async-options';
import { nodeOptionOf, type NodeOption } from './relation-form';

const PAGE = 20;

export interface NodePickerProps {
  api: ApiClient;
  label: string;
  value: NodeOption | null;
  onChange: (node: NodeOption | null) => void;
  error?: string;
  disabled?: boolean;
  /** Leaves this node out (the target picker excludes the chosen source). */
  excludeId?: string;
  /** '+ Create New Node' at the end of the list; gets what was typed. */
  onCreateNode?: (typed: string) => void;
  /** Only nodes of these types (the relation type's rule, filtered by the server); null = any. */
  nodeTypes?: readonly string[] | null;
  /** Said when no node is found while nodeTypes narrows the list: why none fits. */
  noneFitsText?: string;
}

/** A node picker over the server's node list: search by name, 20 a page, more on scroll. */
export function NodePicker({ api, label, value, onChange, error, disabled, excludeId, onCreateNode, nodeTypes, noneFitsText }: NodePickerProps) {
  const calls = useMemo(() => nodesApi(api), [api]);
  const typeFilter = nodeTypes ? joinTypeNames(nodeTypes) : undefined;
  const load = useCallback<LoadOptions<NodeOption>>(
    async (query, page, signal) => {
      const res = await calls.list({ search: query || undefined, nodeTypes: typeFilter, limit: PAGE, skip: page * PAGE, sortBy: 'name', sortOrder: 'asc' }, signal);
      return { items: res.data.map(nodeOptionOf), hasMore: !!res.pagination.totalCapped || (page + 1) * PAGE < res.pagination.total };
    },
    [calls, typeFilter],
  );
  return (
    <Combobox<NodeOption>
      label={label}
      required
      placeholder={T.nodePlaceholder}
      value={value}
      onChange={onChange}
      loadOptions={load}
      optionKey={(n) => n.id}
      optionLabel={(n) => n.name}
      optionDescription={(n) => T.nodeDescription(n.nodeType, n.snomedCode)}
      exclude={excludeId ? (n) => n.id === excludeId : undefined}
      texts={{ loading: T.pickerLoading, noResults: typeFilter && noneFitsText ? noneFitsText : T.noNodes }}
      action={onCreateNode ? { label: T.createNode, onSelect: onCreateNode } : undefined}
      error={error}
      disabled={disabled}
    />
  );
}

export interface TypePickerProps {
  types: readonly string[];
  value: string;
  onChange: (type: string) => void;
  error?: string;
  disabled?: boolean;
  /** Said when `types` is empty because no type's rule fits the chosen ends: why. */
  noneFitsText?: string;
}

/** The relation type picker: the defined relation types, filtered as the user types. */
export function RelationTypePicker({ types, value, onChange, error, disabled, noneFitsText }: TypePickerProps) {
  const load = useCallback<LoadOptions<string>>(async (query) => {
    const q = query.toLowerCase();
    return { items: types.filter((t) => t.toLowerCase().includes(q)), hasMore: false };
  }, [types]);
  return (
    <Combobox<string>
      label={T.relationType}
      required
      placeholder={T.typePlaceholder}
      value={value || null}
      onChange={(t) => onChange(t ?? '')}
      loadOptions={load}
      debounceMs={0}
      optionKey={(t) => t}
      optionLabel={(t) => t}
      texts={{ loading: T.pickerLoading, noResults: noneFitsText ?? T.noTypes }}
      error={error}
      disabled={disabled}
    />
  );
}
