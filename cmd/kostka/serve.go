package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"kostka/api"
	"kostka/internal/gcpace"
	"kostka/internal/logbuf"
	"kostka/units"
	"kostka/wire"
)

// Shutdown: requests in flight get drainGrace to finish; then the work of
// those still running is cancelled (each answers 503, the server is
// shutting down) and they get cancelGrace to say so before their
// connections close.
const (
	drainGrace  = 5 * time.Second
	cancelGrace = 2 * time.Second
)

// runServe runs the API on a local address until ctx ends, then shuts down
// gracefully.
func runServe(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "serve")
	addr := fs.String("addr", "127.0.0.1:8080", "`address` to listen on")
	rf := rulesFlag(fs.FlagSet)
	data := dataFlag(fs.FlagSet)
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fs.usageError(fmt.Sprintf("serve takes no arguments, got %q", fs.Args()))
	}
	// The access log is written a few times a second (see logbuf), and
	// whatever it holds when the server stops.
	logs := logbuf.New(e.stderr, logBuffer, logDelay)
	defer logs.Flush()
	logger := slog.New(logbuf.Handler(slog.NewJSONHandler(logs, nil), logs))
	gcpace.Set(e.getenv)
	rules, err := loadRulesCtx(ctx, rf)
	if err != nil {
		return err
	}
	defer rules.Close()
	var store units.Store
	if e.getenv(wire.EnvDiscordPublicKey) != "" {
		s, err := openUnits(*data)
		if err != nil {
			return err
		}
		defer s.Close()
		store = s
	}
	handler, err := wire.Handler(logger, rules, e.getenv, store)
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", *addr, err)
	}
	return serve(ctx, ln, handler, logger, func() { _ = logs.Flush() }, drainGrace, cancelGrace)
}

// How the server's log is buffered: up to logBuffer bytes, for at most
// logDelay.
const (
	logBuffer = 32 << 10
	logDelay  = 100 * time.Millisecond
)

// serve runs handler on ln until ctx ends, calling listening once it has
// logged the address it listens on; then it shuts down: it stops
// accepting, lets requests in flight finish for drain, then cancels their
// contexts with api.ErrShuttingDown (the API answers 503) and waits
// cancel more before closing what is left.
func serve(ctx context.Context, ln net.Listener, handler http.Handler, logger *slog.Logger, listening func(), drain, cancel time.Duration) error {
	base, cancelWork := context.WithCancelCause(context.Background())
	defer cancelWork(nil)
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       90 * time.Second,
		MaxHeaderBytes:    32 << 10,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return base },
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	logger.Info("kostka listening", "addr", ln.Addr().String(), "url", "http://"+ln.Addr().String()+"/")
	listening()

	select {
	case err := <-serveErr:
		return fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	shutdown := make(chan error, 1)
	go func() { shutdown <- srv.Shutdown(context.Background()) }()
	var err error
	select {
	case err = <-shutdown:
	case <-time.After(drain):
		logger.Info("cancelling the requests still running")
		cancelWork(api.ErrShuttingDown)
		select {
		case err = <-shutdown:
		case <-time.After(cancel):
			logger.Warn("closing the connections still open")
			err = srv.Close()
		}
	}
	if err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	if err := <-serveErr; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Info("stopped")
	return nil
}
