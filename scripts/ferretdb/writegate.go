package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"

	"go.mongodb.org/mongo-driver/x/bsonx/bsoncore"
)

// The launcher sits in front of FerretDB on the wire and lets one write command per database
// through at a time, the next as soon as the last one's reply is back. Reads are not held. Why:
//
//   - Lost updates. FerretDB 1.24 applies an update (and findAndModify) by reading the matching
//     documents, changing them in Go and writing them back, not in one transaction. Two updates
//     of one document at once can both read the old version, and one change is lost: 40
//     increments of 8 counters at once counted 16 to 19. One at a time, all 40.
//   - Waiting. Its SQLite backend lets every connection write to a database file at once; SQLite
//     lets one through and makes the others sleep in its busy handler (1, 2, 5, 10 … 100 ms).
//     Sixteen updates at once to one database: p99 233–431 ms, max 835 ms. Through the gate:
//     p99 17–31 ms at the same throughput, and no cost measured on reads or single writes.
//
// The measurements are in docs/performance.md.

const (
	opMsg          = 2013
	headerLen      = 16
	maxMessageSize = 48 * 1024 * 1024 // MongoDB's own limit on one message
	moreToCome     = 1 << 1
)

// The commands that write to a database file (lower case: the server matches them so).
var writeCommands = map[string]bool{
	"insert": true, "update": true, "delete": true, "findandmodify": true,
	"create": true, "createindexes": true, "drop": true, "dropdatabase": true,
	"dropindexes": true, "renamecollection": true, "collmod": true,
}

// writeGate holds one turn per database name.
type writeGate struct {
	mu    sync.Mutex
	turns map[string]chan struct{}
}

func newWriteGate() *writeGate {
	return &writeGate{turns: map[string]chan struct{}{}}
}

// wait blocks until it is this caller's turn to write to database; the returned func ends the turn.
func (g *writeGate) wait(database string) func() {
	g.mu.Lock()
	turn, ok := g.turns[database]
	if !ok {
		turn = make(chan struct{}, 1)
		g.turns[database] = turn
	}
	g.mu.Unlock()
	turn <- struct{}{}
	var once sync.Once
	return func() { once.Do(func() { <-turn }) }
}

// serveGated accepts clients on listener and relays each to FerretDB at upstream.
func serveGated(listener net.Listener, upstream string, gate *writeGate, logger *slog.Logger) {
	for {
		client, err := listener.Accept()
		if err != nil {
			if !errors.Is(err, net.ErrClosed) {
				logger.Error("write gate: accept", "error", err)
			}
			return
		}
		go relay(client, upstream, gate, logger)
	}
}

// relay copies one client's messages to FerretDB and the replies back, holding a database's
// turn from a write command until its reply.
func relay(client net.Conn, upstream string, gate *writeGate, logger *slog.Logger) {
	server, err := net.Dial("tcp", upstream)
	if err != nil {
		logger.Error("write gate: dial FerretDB", "error", err)
		client.Close()
		return
	}
	var mu sync.Mutex
	pending := map[int32]func(){} // request id → end of its database's turn
	closeAll := func() {
		client.Close()
		server.Close()
		mu.Lock()
		for id, done := range pending {
			done()
			delete(pending, id)
		}
		mu.Unlock()
	}
	defer closeAll()

	fromServer, fromClient := bufio.NewReaderSize(server, 64*1024), bufio.NewReaderSize(client, 64*1024)
	go func() {
		defer closeAll()
		for {
			message, err := readMessage(fromServer)
			if err != nil {
				return
			}
			responseTo := int32(binary.LittleEndian.Uint32(message[8:12]))
			mu.Lock()
			if done, ok := pending[responseTo]; ok {
				done()
				delete(pending, responseTo)
			}
			mu.Unlock()
			if _, err := client.Write(message); err != nil {
				return
			}
		}
	}()

	for {
		message, err := readMessage(fromClient)
		if err != nil {
			if !errors.Is(err, io.EOF) && !errors.Is(err, net.ErrClosed) {
				logger.Debug("write gate: reading from client", "error", err)
			}
			return
		}
		if database, write, expectsReply := writeTarget(message); write {
			done := gate.wait(database)
			if expectsReply {
				mu.Lock()
				pending[int32(binary.LittleEndian.Uint32(message[4:8]))] = done
				mu.Unlock()
			}
			_, err := server.Write(message)
			// A write awaiting its reply ends its turn when the reply comes (or the connection closes).
			if !expectsReply || err != nil {
				done()
			}
			if err != nil {
				return
			}
			continue
		}
		if _, err := server.Write(message); err != nil {
			return
		}
	}
}

// readMessage reads one whole wire-protocol message.
func readMessage(r io.Reader) ([]byte, error) {
	header := make([]byte, headerLen)
	if _, err := io.ReadFull(r, header); err != nil {
		return nil, err
	}
	length := int(int32(binary.LittleEndian.Uint32(header[0:4])))
	if length < headerLen || length > maxMessageSize {
		return nil, fmt.Errorf("message length %d", length)
	}
	message := make([]byte, length)
	copy(message, header)
	if _, err := io.ReadFull(r, message[headerLen:]); err != nil {
		return nil, err
	}
	return message, nil
}

// writeTarget tells whether message is a write command (an OP_MSG whose body names one), to which
// database, and whether the client waits for a reply. Anything it cannot read is not held.
func writeTarget(message []byte) (database string, write bool, expectsReply bool) {
	if int32(binary.LittleEndian.Uint32(message[12:16])) != opMsg || len(message) < headerLen+5 {
		return "", false, false
	}
	flags := binary.LittleEndian.Uint32(message[headerLen : headerLen+4])
	sections := message[headerLen+4:]
	for len(sections) > 0 {
		kind := sections[0]
		sections = sections[1:]
		if kind == 1 { // a document sequence: int32 size (itself included), then its contents
			if len(sections) < 4 {
				return "", false, false
			}
			size := int(int32(binary.LittleEndian.Uint32(sections[0:4])))
			if size < 4 || size > len(sections) {
				return "", false, false
			}
			sections = sections[size:]
			continue
		}
		if kind != 0 {
			return "", false, false
		}
		body, _, ok := bsoncore.ReadDocument(sections)
		if !ok {
			return "", false, false
		}
		first, err := body.IndexErr(0)
		if err != nil || !writeCommands[strings.ToLower(first.Key())] {
			return "", false, false
		}
		name, ok := body.Lookup("$db").StringValueOK()
		if !ok {
			return "", false, false
		}
		return name, true, flags&moreToCome == 0
	}
	return "", false, false
}
