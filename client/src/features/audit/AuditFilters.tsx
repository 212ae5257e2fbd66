import type { AuditActor, AuditKind } from '#protocol';
import { AUDIT_KINDS } from '#protocol';
import { useAuditActorsStore } from './auditStore';
import type { AuditFilter } from './auditApi';
import { useLoaded } from '../../stores/useLoaded';
import { SelectField } from '../../ui/SelectField';
import './audit.css';

/** Radix's select takes no empty value: 'alle' stands for no filter. */
const ALL = 'alle';
const KIND_OPTIONS = [
  { value: ALL, label: 'Alle typer' },
  ...Object.entries(AUDIT_KINDS).map(([value, kind]) => ({ value, label: kind.label })),
];

const NO_ACTORS: AuditActor[] = [];

/** Endringslogg's filter: the kind of change and the person who made it, each a select reached by Tab. */
export function AuditFilters({ scope, filter, onChange }: { scope: string; filter: AuditFilter; onChange(filter: AuditFilter): void }) {
  useLoaded(useAuditActorsStore, scope);
  const actors = useAuditActorsStore((state) => (state.scope === scope ? state.data : null)) ?? NO_ACTORS;
  const personOptions = [
    { value: ALL, label: 'Alle personer' },
    ...actors.map((actor) => ({ value: actor.id, label: `${actor.name} (${actor.role})` })),
  ];
  // A person not (yet) in the list still shows as chosen, by a neutral name.
  if (filter.actorId && !actors.some((actor) => actor.id === filter.actorId))
    personOptions.push({ value: filter.actorId, label: 'Valgt person' });

  return (
    <div className="card audit-filters" role="group" aria-label="Filtrer endringsloggen" data-testid="audit-filters">
      <div className="field">
        <label className="field-label" htmlFor="audit-kind">
          Type endring
        </label>
        <SelectField
          id="audit-kind"
          value={filter.kind || ALL}
          onChange={(value) => onChange({ ...filter, kind: value === ALL ? '' : (value as AuditKind) })}
          options={KIND_OPTIONS}
          testId="audit-kind"
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="audit-person">
          Person
        </label>
        <SelectField
          id="audit-person"
          value={filter.actorId || ALL}
          onChange={(value) => onChange({ ...filter, actorId: value === ALL ? '' : value })}
          options={personOptions}
          testId="audit-person"
        />
      </div>
    </div>
  );
}
