// Command tilsynsvakt-ferretdb runs FerretDB 1.x (SQLite backend) as the app's embedded
// database. It uses FerretDB's embeddable package rather than its CLI because the CLI refuses
// to start when built with `go install` from the module proxy (its version file is generated
// at release time and is not part of the module). The embeddable package has no telemetry and
// no debug listener.
//
// FerretDB's module is patched (patches/, README.md there): writes to one database one at a time,
// so an update is atomic; filters handed to SQLite, on indexes that SQLite uses.
//
// It listens on a loopback address, prints one line "ready <mongodb uri>" on stdout once it
// accepts connections, and stops when its stdin closes, so it never outlives the Node process
// that started it.
//
// With TILSYNSVAKT_FERRETDB_PROFILE_DIR set (`npm run bench:capacity -- --profile`), SIGUSR1
// starts a CPU profile (pprof) and SIGUSR2 writes it there, so a bench profiles one step only.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:0", "loopback address to listen on (port 0 picks a free one)")
	dataDir := flag.String("data", "data/ferretdb", "directory for the SQLite files")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	flag.Parse()

	host, _, err := net.SplitHostPort(*listen)
	if err != nil || !net.ParseIP(host).IsLoopback() {
		fail("listen address must be a loopback address, got %q", *listen)
	}

	dir, err := filepath.Abs(*dataDir)
	if err != nil {
		fail("data directory: %s", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		fail("data directory: %s", err)
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fail("log level: %s", err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	// A request's documents are garbage the moment it is answered: collected at 4× the live heap
	// instead of 2×, the collector's share of the engine's CPU falls (docs/performance.md). GOGC
	// set in the environment still decides.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}

	port, err := freePort(*listen)
	if err != nil {
		fail("listen: %s", err)
	}

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: net.JoinHostPort(host, port)},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + dir + "/",
	})
	if err != nil {
		fail("start: %s", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if profileDir := os.Getenv("TILSYNSVAKT_FERRETDB_PROFILE_DIR"); profileDir != "" {
		go profileOnSignals(profileDir, logger)
	}

	go func() {
		// Stdin reaches EOF when the parent process exits or closes the pipe.
		_, _ = io.Copy(io.Discard, os.Stdin)
		stop()
	}()

	done := make(chan struct{})
	go func() {
		_ = f.Run(ctx)
		close(done)
	}()

	addr := net.JoinHostPort(host, port)
	if err := waitForListener(ctx, addr); err != nil {
		fail("not listening on %s: %s", addr, err)
	}

	fmt.Printf("ready mongodb://%s/\n", addr)

	<-done
}

// freePort resolves port 0 to a concrete free port, because the embeddable package reports its
// address only through MongoDBURI after Run has started.
func freePort(listen string) (string, error) {
	host, port, _ := net.SplitHostPort(listen)
	if port != "0" {
		return port, nil
	}
	l, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		return "", err
	}
	defer l.Close()
	_, p, _ := net.SplitHostPort(l.Addr().String())
	return p, nil
}

func waitForListener(ctx context.Context, addr string) error {
	deadline := time.Now().Add(30 * time.Second)
	for {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			conn.Close()
			return nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// profileOnSignals profiles the CPU from each SIGUSR1 to the next SIGUSR2, into
// dir/engine-<n>.pprof.
func profileOnSignals(dir string, logger *slog.Logger) {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGUSR1, syscall.SIGUSR2)
	var file *os.File
	for n := 1; ; {
		switch <-signals {
		case syscall.SIGUSR1:
			if file != nil {
				continue
			}
			f, err := os.Create(filepath.Join(dir, fmt.Sprintf("engine-%d.pprof", n)))
			if err == nil {
				err = pprof.StartCPUProfile(f)
			}
			if err != nil {
				logger.Error("cpu profile", "error", err)
				continue
			}
			file = f
		case syscall.SIGUSR2:
			if file == nil {
				continue
			}
			pprof.StopCPUProfile()
			_ = file.Close()
			file = nil
			n++
		}
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "tilsynsvakt-ferretdb: "+format+"\n", args...)
	os.Exit(1)
}
