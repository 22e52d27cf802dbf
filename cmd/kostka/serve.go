package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"kostka/internal/wire"
)

// shutdownGrace is how long in-flight requests get to finish on shutdown.
const shutdownGrace = 10 * time.Second

// runServe runs the API on a local address until ctx ends, then shuts down
// gracefully.
func runServe(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "serve")
	addr := fs.String("addr", "127.0.0.1:8080", "`address` to listen on")
	dir := rulesFlag(fs.FlagSet)
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fs.usageError(fmt.Sprintf("serve takes no arguments, got %q", fs.Args()))
	}
	logger := slog.New(slog.NewJSONHandler(e.stderr, nil))
	rules, err := loadRules(*dir)
	if err != nil {
		return err
	}
	defer rules.Close()
	handler, err := wire.Handler(logger, rules, e.getenv)
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", *addr, err)
	}
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       90 * time.Second,
		MaxHeaderBytes:    32 << 10,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	logger.Info("kostka listening", "addr", ln.Addr().String(), "url", "http://"+ln.Addr().String()+"/")

	select {
	case err := <-serveErr:
		return fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	if err := <-serveErr; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Info("stopped")
	return nil
}
