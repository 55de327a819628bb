package comparison

import (
	"fmt"
	"strings"

	"github.com/locksim/locksim/fairness"
	"github.com/locksim/locksim/sim"
)

// MinPlotSamples is how many waits a queue position needs to be plotted:
// the rare deep positions (dead waiters of crashed incarnations still
// queued) would otherwise set the scale with a handful of points.
const MinPlotSamples = 20

// PlotSVG draws the median wait by queue position for each side: a small,
// dependency-free line chart.
func PlotSVG(names []string, all []map[int][]sim.Duration) []byte {
	const w, h, left, bottom, top, right = 640, 360, 70, 40, 30, 20
	series := make([]map[int][]sim.Duration, len(all))
	for i, s := range all {
		series[i] = map[int][]sim.Duration{}
		for pos, ds := range s {
			if len(ds) >= MinPlotSamples {
				series[i][pos] = ds
			}
		}
	}
	n := fairness.MaxPos(series)
	var top_ sim.Duration = sim.Second
	for _, s := range series {
		for _, ds := range s {
			top_ = max(top_, fairness.Quantile(fairness.Sorted(ds), 0.5))
		}
	}
	x := func(pos int) float64 {
		if n <= 1 {
			return left
		}
		return left + float64(pos-1)*float64(w-left-right)/float64(n-1)
	}
	y := func(d sim.Duration) float64 {
		return float64(h-bottom) - float64(d)/float64(top_)*float64(h-bottom-top)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", w, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", w, h)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, h-bottom, w-right, h-bottom)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, top, left, h-bottom)
	for i := 0; i <= 4; i++ {
		d := top_ * sim.Duration(i) / 4
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", left-6, y(d)+4, Ms(d))
	}
	for pos := 1; pos <= n; pos++ {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n", x(pos), h-bottom+16, pos)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">first place in the queue</text>`+"\n", (w+left)/2, h-6)
	fmt.Fprintf(&b, `<text x="12" y="%d" transform="rotate(-90 12 %d)" text-anchor="middle">median wait</text>`+"\n", (h)/2, h/2)
	colors := []string{"#1f77b4", "#d62728"}
	for side, s := range series {
		var pts []string
		for pos := 1; pos <= n; pos++ {
			if ds := s[pos]; len(ds) > 0 {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(pos), y(fairness.Quantile(fairness.Sorted(ds), 0.5))))
			}
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`+"\n", colors[side], strings.Join(pts, " "))
		fmt.Fprintf(&b, `<text x="%d" y="%d" fill="%s">%s</text>`+"\n", left+10, top+16*side, colors[side], names[side])
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}
