package settingsmap

import (
	"fmt"
	"html"
	"strings"

	"github.com/locksim/locksim/settings"
)

// SVG draws the map knobs against the longest pause, one panel each: a
// cell per setting and row, green where no world lost the lock, red as
// deep as the share of worlds that violated mutual exclusion or expiry,
// and the safe region (every cell from its row's first safe value on)
// outlined. The envelope's row and the default's column are marked.
// Dependency-free, and the same bytes for the same map.
func SVG(m *settings.Map) []byte {
	const cw, ch, left, right, title, gap, axis = 78, 34, 130, 20, 46, 30, 40
	var panels []settings.Knob
	for _, k := range m.Spec.Knobs {
		if k.Map && len(m.Rows) > 1 {
			panels = append(panels, k)
		}
	}
	cols := 0
	for _, k := range panels {
		cols = max(cols, len(k.Values))
	}
	panelH := title + ch*len(m.Rows) + axis
	w := left + cols*cw + right
	h := len(panels)*(panelH+gap) + 40
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", w, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", w, h)
	for p, k := range panels {
		y0 := p*(panelH+gap) + 10
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="14" font-weight="bold">%s</text>`+"\n", 10, y0+16,
			html.EscapeString(fmt.Sprintf("%s under %s: %s against the longest GC pause", m.Spec.Algo, m.Spec.Envelope.Name, k.Name)))
		fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#444">%s</text>`+"\n", 10, y0+34,
			html.EscapeString(fmt.Sprintf("cell: worlds that lost the lock (mutex or expiry) of %d; green: none, the safe region outlined", worldsPerCell(m))))
		top := y0 + title
		// rows: the longest pause at the top
		for r := range m.Rows {
			row := m.Rows[len(m.Rows)-1-r]
			y := top + r*ch
			label := settings.Dur(settings.Scale(m.Spec.Envelope.Pause, row))
			weight := "normal"
			if row == 1 {
				label += " (envelope)"
				weight = "bold"
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end" font-weight="%s">%s</text>`+"\n", left-8, y+ch/2+4, weight, html.EscapeString(label))
			cells := m.Row(k.Name, row)
			for i, c := range cells {
				x := left + i*cw
				st := c.Stats
				lost := max(st.Violated[0], st.Violated[1])
				fill := "#eeeeee"
				text := "–"
				switch {
				case st.Worlds == 0:
				case st.Safe():
					fill, text = "#b9e4bd", fmt.Sprintf("0/%d", st.Worlds)
				default:
					share := float64(lost) / float64(st.Worlds)
					// from a light pink to a deep red as the share grows
					g := int(200 - 170*share)
					fill, text = fmt.Sprintf("#f0%02x%02x", g, g), fmt.Sprintf("%d/%d", lost, st.Worlds)
				}
				fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="white"/>`+"\n", x, y, cw, ch, fill)
				fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", x+cw/2, y+ch/2+4, text)
			}
			// the safe region's edge on this row: left of its first safe cell
			first := len(cells)
			for i := len(cells) - 1; i >= 0 && cells[i].Stats.Safe(); i-- {
				first = i
			}
			if first < len(cells) {
				x := left + first*cw
				fmt.Fprintf(&b, `<path d="M%d %d H%d V%d H%d Z" fill="none" stroke="#1b5e20" stroke-width="3"/>`+"\n", x, y, left+len(cells)*cw, y+ch, x)
			}
		}
		// columns
		ay := top + len(m.Rows)*ch
		for i, v := range k.Values {
			x := left + i*cw + cw/2
			label := strings.TrimSuffix(k.Format(v), " (default)")
			weight := "normal"
			if v == k.Default {
				label += "*"
				weight = "bold"
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" font-weight="%s">%s</text>`+"\n", x, ay+16, weight, html.EscapeString(label))
		}
		axisLabel := k.Name
		if k.Default > 0 {
			axisLabel += " (* the default)"
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", left+len(k.Values)*cw/2, ay+34, html.EscapeString(axisLabel))
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

// worldsPerCell is the number of worlds each cell ran.
func worldsPerCell(m *settings.Map) int {
	n := 0
	for _, c := range m.Cells {
		n = max(n, c.Stats.Worlds)
	}
	return n
}
