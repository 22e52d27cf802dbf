package lambdahttp

import (
	"log/slog"
	"os"
	"strings"
)

// Logger returns the JSON logger a function writes to CloudWatch with: to
// standard output, at the level named by LOG_LEVEL (DEBUG, INFO, WARN or
// ERROR; INFO when unset or unknown).
func Logger() *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(strings.TrimSpace(os.Getenv("LOG_LEVEL")))); err != nil {
		level = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
}
