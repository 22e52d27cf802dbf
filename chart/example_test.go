package chart_test

import (
	"context"
	"fmt"

	"kostka/chart"
	"kostka/l10n"
)

// A reply to /odds in Polish: the caller gives the words and the number
// formats of the reader's language, and attaches the picture with the
// description.
func ExampleRender() {
	lang := l10n.Polish
	spec := chart.Spec{
		Title:  "3k6 ≥ 5",
		XLabel: "Sukcesy",
		YLabel: chart.AtLeast.Symbol("n"),
		Series: []chart.Series{{Min: 0, P: []float64{8.0 / 27, 12.0 / 27, 6.0 / 27, 1.0 / 27}}},
		Format: chart.Format{
			Number:  func(v float64, decimals int) string { return l10n.FormatFloat(lang, v, decimals) },
			Percent: func(p float64) string { return l10n.FormatPercent(lang, p) },
		},
		Words: chart.Words{Mean: "średnia", MostLikely: "najczęściej", Outside: "poza wykresem"},
	}
	png, alt, err := chart.Render(context.Background(), spec)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(png) <= chart.MaxPNG)
	fmt.Println(alt)
	// Output:
	// true
	// 3k6 ≥ 5. Sukcesy 0–3. Średnia 1, najczęściej 1 (44,4%), P(≥ 1) 70,4%, P(≥ 2) 25,9%.
}
