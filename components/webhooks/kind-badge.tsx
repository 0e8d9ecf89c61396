import { Badge } from '../ui';

const KINDS = {
  native: {
    tone: 'green',
    label: 'Native',
    explanation: "The vendor calls this connection's own hook; the service registered it at the vendor when you subscribed.",
  },
  global: {
    tone: 'blue',
    label: 'Global',
    explanation: "Arrives at your vendor app's global hook (set once, below) and is routed to the connection by its account.",
  },
  polling: {
    tone: 'amber',
    label: 'Polling',
    explanation: 'The vendor sends no webhook for this: the service asks it for changes periodically.',
  },
} as const;

export type SubscriptionKind = keyof typeof KINDS;

export function KindBadge({ kind }: { kind: SubscriptionKind }) {
  const { tone, label } = KINDS[kind];
  return <Badge tone={tone}>{label}</Badge>;
}

export function kindExplanation(kind: SubscriptionKind): string {
  return KINDS[kind].explanation;
}

/** The three kinds side by side, once per page rather than once per row. */
export function KindLegend() {
  return (
    <dl className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3">
      {(Object.keys(KINDS) as SubscriptionKind[]).map((kind) => (
        <div key={kind}>
          <dt>
            <KindBadge kind={kind} />
          </dt>
          <dd className="mt-1 text-slate-600">{kindExplanation(kind)}</dd>
        </div>
      ))}
    </dl>
  );
}
