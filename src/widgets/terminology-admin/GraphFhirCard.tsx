import { useEffect, useState } from 'react';
import type { TerminologyApi } from '../../api/admin/terminology';
import { TERMINOLOGY_TEXTS as T } from '../../contract/texts/admin/terminology';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { SelectField } from '../../ui/form/Select';
import { useLoad } from '../hooks/use-load';
import { FhirExportButton } from '../parts/fhir-export';

export interface GraphFhirCardProps {
  apiBase: string;
  calls: TerminologyApi;
  onNotify: (text: string, severity?: 'error') => void;
}

/** The graph as FHIR content: which relation type is its hierarchy (is-a), and its exports. */
export function GraphFhirCard({ apiBase, calls, onNotify }: GraphFhirCardProps) {
  const loaded = useLoad(async (signal) => ({ hierarchy: await calls.hierarchy(signal), relationTypes: await calls.relationTypes() }));
  const [chosen, setChosen] = useState('');
  const [saving, setSaving] = useState(false);
  const current = loaded.data?.hierarchy.relationType?.id ?? '';
  useEffect(() => setChosen(current), [current]);
  const options = [{ value: '', label: T.hierarchyNone }, ...(loaded.data?.relationTypes ?? []).map((t) => ({ value: t.id, label: t.name }))];
  const save = async () => {
    setSaving(true);
    try {
      const hierarchy = await calls.setHierarchy(chosen || null);
      loaded.update((d) => ({ ...d, hierarchy }));
      onNotify(T.hierarchySaved);
    } catch {
      onNotify(T.hierarchyFailed, 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={T.graphTitle} className="kg-terminology__upload kg-terminology__graph">
      <p className="kg-terminology__hint">{T.graphHint}</p>
      <div className="kg-terminology__hierarchy">
        <SelectField label={T.hierarchy} value={chosen} options={options} disabled={loaded.status !== 'ready' || saving} onChange={setChosen} />
        <Button variant="secondary" disabled={loaded.status !== 'ready' || saving || chosen === current} loading={saving} onClick={() => void save()}>
          {T.hierarchySave}
        </Button>
      </div>
      <div className="kg-terminology__exports">
        <FhirExportButton apiBase={apiBase} label={T.exportCodeSystem} filename="knowledge-graph.CodeSystem.json" run={(c) => c.codeSystem()} />
        <FhirExportButton apiBase={apiBase} label={T.exportSnomedMap} filename="kg-snomed.ConceptMap.json" run={(c) => c.snomedMap()} />
      </div>
    </Card>
  );
}
