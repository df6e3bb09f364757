import { useSyncExternalStore } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

const AXIS = { stroke: "var(--color-muted-foreground)", fontSize: 12 };
const GRID = "var(--color-border)";
const TOOLTIP = {
  contentStyle: {
    background: "var(--color-popover)",
    border: "1px solid var(--color-border)",
    borderRadius: 6,
    color: "var(--color-popover-foreground)",
  },
  cursor: { fill: "var(--color-accent)", fillOpacity: 0.4 },
};

// Charts measure their box: drawn once in the browser, a same-size placeholder before. A chart is
// hidden from assistive technology, its figures being in a table beside it: so it must not take the
// focus either (recharts' accessibility layer makes it a tab stop, a focusable element inside
// aria-hidden).
const subscribe = () => () => {};
function useInBrowser() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

function Frame({ height, children }: { height: number; children: React.ReactElement }) {
  const inBrowser = useInBrowser();
  return (
    <div style={{ height }} className="w-full" aria-hidden>
      {inBrowser ? (
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      ) : null}
    </div>
  );
}

/** Visitors and page views over the period (the figures are also in the table under it). */
export function TrafficChart({ points }: { points: { label: string; visitors: number; views: number }[] }) {
  return (
    <Frame height={280}>
      <LineChart
        accessibilityLayer={false}
        data={points}
        margin={{ top: 8, right: 12, bottom: 0, left: -12 }}
      >
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
        <XAxis dataKey="label" {...AXIS} tickMargin={8} minTickGap={16} />
        <YAxis allowDecimals={false} {...AXIS} />
        <Tooltip {...TOOLTIP} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          type="monotone"
          dataKey="visitors"
          name="Visiteurs"
          stroke="var(--color-primary)"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="views"
          name="Pages vues"
          stroke="#60a5fa"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </Frame>
  );
}

/** The most viewed pages, as horizontal bars. */
export function PopularChart({ items }: { items: { label: string; views: number }[] }) {
  return (
    <Frame height={Math.max(120, items.length * 36 + 24)}>
      <BarChart
        accessibilityLayer={false}
        data={items}
        layout="vertical"
        margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} {...AXIS} />
        <YAxis
          type="category"
          dataKey="label"
          width={150}
          {...AXIS}
          tickFormatter={(value: string) => (value.length > 22 ? `${value.slice(0, 21)}…` : value)}
        />
        <Tooltip {...TOOLTIP} />
        <Bar
          dataKey="views"
          name="Pages vues"
          fill="var(--color-primary)"
          radius={[0, 4, 4, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </Frame>
  );
}

/** Visitors (line, left axis) and quote requests (bars, right axis) over the period. */
export function ConversionChart({
  points,
}: {
  points: { label: string; visitors: number; requests: number }[];
}) {
  return (
    <Frame height={260}>
      <ComposedChart
        accessibilityLayer={false}
        data={points}
        margin={{ top: 8, right: 0, bottom: 0, left: -12 }}
      >
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
        <XAxis dataKey="label" {...AXIS} tickMargin={8} minTickGap={16} />
        <YAxis yAxisId="visitors" allowDecimals={false} {...AXIS} />
        <YAxis yAxisId="requests" orientation="right" allowDecimals={false} {...AXIS} />
        <Tooltip {...TOOLTIP} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar
          yAxisId="requests"
          dataKey="requests"
          name="Demandes"
          fill="#f59e0b"
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Line
          yAxisId="visitors"
          type="monotone"
          dataKey="visitors"
          name="Visiteurs"
          stroke="var(--color-primary)"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </Frame>
  );
}
