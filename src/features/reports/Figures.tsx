import { Grid, Text } from '@radix-ui/themes';
import type { ReportTotals } from '../../../contract/schemas/reports';
import { FigureCard } from '../../components/FigureCard';
import { formatMoney } from '../../lib/format';
import { formatCount } from './charts';
import { formatDay, formatShare } from './range';
import { reportsText as T } from './text';

/** One headline figure: what it is, its value, and a line of what it is made of. */
function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <FigureCard label={label} value={value}>
      <Text as="p" size="1" color="gray">
        {detail}
      </Text>
    </FigureCard>
  );
}

/** The range's headline figures (docs/reports.md "What each figure means"): stocks as they stood at its end. */
export function Figures({ totals, to }: { totals: ReportTotals; to: string }) {
  const end = T.atEnd(formatDay(to));
  return (
    <Grid asChild columns={{ initial: '2', md: '4' }} gap="3">
      <ul aria-label={T.figures} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        <Figure label={T.gross} value={formatMoney(totals.gross)} detail={T.sales(totals.sales)} />
        <Figure label={T.net} value={formatMoney(totals.net)} detail={T.feesAndRefunds(formatMoney(totals.fees), formatMoney(totals.refunds))} />
        <Figure label={T.mrr} value={formatMoney(totals.mrr)} detail={T.arr(formatMoney(totals.arr))} />
        <Figure label={T.activeSubscriptions} value={formatCount(totals.activeSubscriptions)} detail={T.live(totals.trialingSubscriptions, totals.seats)} />
        <Figure
          label={T.churn}
          value={formatShare(totals.churn)}
          detail={totals.churn === null ? T.noneAtStart : T.churned(totals.cancelledSubscriptions, totals.subscriptionsAtStart)}
        />
        <Figure
          label={T.trialConversion}
          value={formatShare(totals.trialConversionRate)}
          detail={totals.trialConversionRate === null ? T.noTrials : T.converted(totals.trialConversions, totals.trialStarts)}
        />
        <Figure label={T.installs} value={formatCount(totals.installs)} detail={T.installsSub(totals.updates, totals.uninstalls)} />
        <Figure label={T.activeWorkspaces} value={formatCount(totals.activeWorkspaces)} detail={end} />
      </ul>
    </Grid>
  );
}
