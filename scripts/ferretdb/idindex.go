package main

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // the SQLite driver FerretDB itself uses
)

// FerretDB 1.24 looks documents up by _id with `_ferretdb_sjson->'$._id' = ?` (reads, updates and
// deletes), but the unique index it creates is on `_ferretdb_sjson->"_id"`. SQLite uses an index
// only for the very expression it was built on, so every lookup by _id scanned its whole table:
// 0.7 ms with 10 documents, 5 ms with 3,000 (and updates twice that, holding the write lock).
// This keeps a second index, on the expression the lookups use, on every collection's table.
// FerretDB does not know of it (it is not listed to clients); SQLite keeps it up to date and
// drops it with its table.

const idIndexSuffix = "__id_lookup"

// idIndexKeeper adds the index to tables that lack it: at start, then whenever a database file
// changed, so a collection made at run time has it within a few seconds (while still small).
type idIndexKeeper struct {
	dir    string
	logger *slog.Logger
	seen   map[string]string // database file → size and modification times last looked at
}

func newIDIndexKeeper(dir string, logger *slog.Logger) *idIndexKeeper {
	return &idIndexKeeper{dir: dir, logger: logger, seen: map[string]string{}}
}

// run makes a pass every so often until ctx ends.
func (k *idIndexKeeper) run(ctx context.Context, every time.Duration) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
			k.pass(ctx)
		}
	}
}

func (k *idIndexKeeper) pass(ctx context.Context) {
	files, err := filepath.Glob(filepath.Join(k.dir, "*.sqlite"))
	if err != nil {
		k.logger.Warn("id index: listing databases", "error", err)
		return
	}
	for _, file := range files {
		state := fileState(file) + fileState(file+"-wal")
		if k.seen[file] == state {
			continue
		}
		if err := indexDatabase(ctx, file); err != nil {
			// Retried at the next pass (a database dropped meanwhile ends up here too).
			k.logger.Debug("id index", "file", file, "error", err)
			continue
		}
		k.seen[file] = state
	}
}

func fileState(file string) string {
	info, err := os.Stat(file)
	if err != nil {
		return "-"
	}
	return fmt.Sprintf("%d@%d;", info.Size(), info.ModTime().UnixNano())
}

func indexDatabase(ctx context.Context, file string) error {
	// mode=rw: never create a database that FerretDB has just dropped.
	db, err := sql.Open("sqlite", "file:"+file+"?mode=rw&_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer db.Close()

	rows, err := db.QueryContext(ctx, `SELECT table_name FROM _ferretdb_collections`)
	if err != nil {
		return err
	}
	var tables []string
	for rows.Next() {
		var table string
		if err := rows.Scan(&table); err != nil {
			rows.Close()
			return err
		}
		tables = append(tables, table)
	}
	rows.Close()

	for _, table := range tables {
		q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (_ferretdb_sjson->'$._id')`, table+idIndexSuffix, table)
		if _, err := db.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("%s: %w", table, err)
		}
	}
	return nil
}
