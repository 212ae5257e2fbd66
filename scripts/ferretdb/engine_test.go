package main

// Tests of the patched FerretDB (patches/): each fails on FerretDB 1.24 as the module proxy serves it.
// Run with `go test` in this folder (npm test does).

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/primitive"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// startEngine runs FerretDB on SQLite in a folder of the test's own and returns a database on it.
func startEngine(t *testing.T) *mongo.Database {
	t.Helper()

	port, err := freePort("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}

	addr := net.JoinHostPort("127.0.0.1", port)
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: addr},
		Logger:    slog.New(slog.NewTextHandler(io.Discard, nil)),
		Handler:   "sqlite",
		SQLiteURL: "file:" + t.TempDir() + "/",
	})
	if err != nil {
		t.Fatal(err)
	}

	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		_ = f.Run(ctx)
		close(done)
	}()
	t.Cleanup(func() {
		stop()
		<-done
	})

	if err := waitForListener(ctx, addr); err != nil {
		t.Fatal(err)
	}

	client, err := mongo.Connect(ctx, options.Client().ApplyURI("mongodb://"+addr+"/").SetMaxPoolSize(64))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.Disconnect(context.Background()) })

	return client.Database("test")
}

// atOnce runs n calls of do at the same moment and fails the test on any error.
func atOnce(t *testing.T, n int, do func(i int) error) {
	t.Helper()

	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make(chan error, n)

	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			if err := do(i); err != nil {
				errs <- err
			}
		}()
	}

	close(start)
	wg.Wait()
	close(errs)

	for err := range errs {
		t.Fatal(err)
	}
}

// Patch 0001: FerretDB applies an update by reading the document, changing it in Go and writing it
// back; two at once could both read the old version and lose a change.
func TestConcurrentUpdatesLoseNothing(t *testing.T) {
	db := startEngine(t)
	ctx := context.Background()
	counters := db.Collection("counters")

	const writers, keys = 40, 8
	for k := range keys {
		if _, err := counters.InsertOne(ctx, bson.D{{"_id", k}, {"n", 0}, {"seen", bson.A{}}}); err != nil {
			t.Fatal(err)
		}
	}

	atOnce(t, writers*keys, func(i int) error {
		_, err := counters.UpdateOne(ctx, bson.D{{"_id", i % keys}}, bson.D{{"$inc", bson.D{{"n", 1}}}, {"$push", bson.D{{"seen", i}}}})
		return err
	})

	for k := range keys {
		var doc struct {
			N    int   `bson:"n"`
			Seen []int `bson:"seen"`
		}
		if err := counters.FindOne(ctx, bson.D{{"_id", k}}).Decode(&doc); err != nil {
			t.Fatal(err)
		}
		if doc.N != writers || len(doc.Seen) != writers {
			t.Errorf("counter %d: n = %d, %d pushed; want %d and %d", k, doc.N, len(doc.Seen), writers, writers)
		}
	}
}

// Patch 0001: a conditional findAndModify (the version in the filter) lets exactly one of many
// writers of the same version through, as MongoDB does.
func TestConditionalFindAndModifyHasOneWinner(t *testing.T) {
	db := startEngine(t)
	ctx := context.Background()
	reports := db.Collection("reports")

	id := primitive.NewObjectID()
	if _, err := reports.InsertOne(ctx, bson.D{{"_id", id}, {"version", 0}, {"text", ""}}); err != nil {
		t.Fatal(err)
	}

	var mu sync.Mutex
	winners := 0

	atOnce(t, 20, func(i int) error {
		err := reports.FindOneAndUpdate(ctx,
			bson.D{{"_id", id}, {"version", 0}},
			bson.D{{"$set", bson.D{{"text", fmt.Sprintf("writer %d", i)}}}, {"$inc", bson.D{{"version", 1}}}},
		).Err()
		if err == mongo.ErrNoDocuments {
			return nil
		}
		if err == nil {
			mu.Lock()
			winners++
			mu.Unlock()
		}
		return err
	})

	if winners != 1 {
		t.Errorf("%d writers won; want exactly 1", winners)
	}

	var doc struct {
		Version int `bson:"version"`
	}
	if err := reports.FindOne(ctx, bson.D{{"_id", id}}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if doc.Version != 1 {
		t.Errorf("version = %d; want 1", doc.Version)
	}
}

// explain returns what FerretDB and SQLite say about a find with this filter.
func explain(t *testing.T, coll *mongo.Collection, filter bson.D) (pushdown bool, plan string) {
	t.Helper()

	var res bson.M
	cmd := bson.D{{"explain", bson.D{{"find", coll.Name()}, {"filter", filter}}}}
	if err := coll.Database().RunCommand(context.Background(), cmd).Decode(&res); err != nil {
		t.Fatal(err)
	}

	return res["filterPushdown"] == true, fmt.Sprint(res["queryPlanner"])
}

// Patch 0002: filters on top-level fields reach SQLite, which answers them from the indexes the
// application declared; _id from FerretDB's own index, also beside other conditions.
func TestFiltersUseIndexes(t *testing.T) {
	db := startEngine(t)
	ctx := context.Background()
	reports := db.Collection("reports")

	if _, err := reports.Indexes().CreateOne(ctx, mongo.IndexModel{Keys: bson.D{{"date", 1}}}); err != nil {
		t.Fatal(err)
	}

	id := primitive.NewObjectID()
	if _, err := reports.InsertOne(ctx, bson.D{{"_id", id}, {"date", "2026-11-25"}, {"version", 3}}); err != nil {
		t.Fatal(err)
	}

	for name, tc := range map[string]struct {
		filter bson.D
		index  string
	}{
		"a range of dates":   {bson.D{{"date", bson.D{{"$gte", "2026-11-19"}, {"$lte", "2026-11-25"}}}}, "date_1__pushdown"},
		"one date":           {bson.D{{"date", "2026-11-25"}}, "date_1__pushdown"},
		"dates in a list":    {bson.D{{"date", bson.D{{"$in", bson.A{"2026-11-24", "2026-11-25"}}}}}, "date_1__pushdown"},
		"_id alone":          {bson.D{{"_id", id}}, "_id_"},
		"_id with a version": {bson.D{{"_id", id}, {"version", 3}}, "_id_"},
		"_id in a list":      {bson.D{{"_id", bson.D{{"$in", bson.A{id, primitive.NewObjectID()}}}}}, "_id_"},
	} {
		t.Run(name, func(t *testing.T) {
			pushdown, plan := explain(t, reports, tc.filter)
			if !pushdown {
				t.Errorf("filter not pushed down")
			}
			if !strings.Contains(plan, "USING INDEX") || !strings.Contains(plan, tc.index) {
				t.Errorf("SQLite does not use index %s: %s", tc.index, plan)
			}
		})
	}
}

// Patch 0002: what SQLite is given only narrows the documents the handler then filters, never
// dropping one that matches: arrays (matched by an element), mixed types, dates, booleans, numbers.
func TestPushedDownFiltersFindWhatMongoDBFinds(t *testing.T) {
	db := startEngine(t)
	ctx := context.Background()
	docs := db.Collection("docs")

	if _, err := docs.Indexes().CreateMany(ctx, []mongo.IndexModel{{Keys: bson.D{{"v", 1}}}, {Keys: bson.D{{"k", 1}, {"v", 1}}}}); err != nil {
		t.Fatal(err)
	}

	day := time.Date(2026, 3, 29, 1, 0, 0, 0, time.UTC)
	values := []any{
		"a", "b", `a"b`, "a\\b", "ø", "", 1, int64(2), 2.5, -1, true, false, day, day.Add(time.Hour),
		bson.A{"a", "z"}, bson.A{1, 10}, bson.A{}, bson.D{{"x", 1}}, nil, primitive.NewObjectID(),
	}
	for i, v := range values {
		if _, err := docs.InsertOne(ctx, bson.D{{"_id", i}, {"k", "x"}, {"v", v}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := docs.InsertOne(ctx, bson.D{{"_id", len(values)}, {"k", "x"}}); err != nil {
		t.Fatal(err)
	}

	for name, tc := range map[string]struct {
		filter bson.D
		want   []int
	}{
		"a string, also in an array":  {bson.D{{"v", "a"}}, []int{0, 14}},
		"a string with a quote":       {bson.D{{"v", `a"b`}}, []int{2}},
		"strings up to b":             {bson.D{{"v", bson.D{{"$lte", "b"}}}}, []int{0, 1, 2, 3, 5, 14}},
		"strings after a":             {bson.D{{"v", bson.D{{"$gt", "a"}}}}, []int{1, 2, 3, 4, 14}},
		"numbers between 2 and 5":     {bson.D{{"v", bson.D{{"$gte", 2}, {"$lt", 5}}}}, []int{7, 8, 15}},
		"numbers below 2":             {bson.D{{"v", bson.D{{"$lt", 2}}}}, []int{6, 9, 15}},
		"a number of another type":    {bson.D{{"v", 2.0}}, []int{7}},
		"true":                        {bson.D{{"v", true}}, []int{10}},
		"dates from the first":        {bson.D{{"v", bson.D{{"$gte", day}}}}, []int{12, 13}},
		"in a list":                   {bson.D{{"v", bson.D{{"$in", bson.A{"z", 1, false}}}}}, []int{6, 11, 14, 15}},
		"two fields":                  {bson.D{{"k", "x"}, {"v", bson.D{{"$gte", "b"}}}}, []int{1, 4, 14}},
		"null is left to the handler": {bson.D{{"v", nil}}, []int{18, 20}},
	} {
		t.Run(name, func(t *testing.T) {
			cursor, err := docs.Find(ctx, tc.filter, options.Find().SetSort(bson.D{{"_id", 1}}))
			if err != nil {
				t.Fatal(err)
			}
			var found []struct {
				ID int `bson:"_id"`
			}
			if err := cursor.All(ctx, &found); err != nil {
				t.Fatal(err)
			}
			got := make([]int, len(found))
			for i, f := range found {
				got[i] = f.ID
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("found %v; want %v", got, tc.want)
			}
		})
	}
}

// Patch 0003: a release build tracks no iterator's lifetime (a stack capture, a global lock and a
// finalizer for each, which panicked on a leak); reads and writes work as before.
func TestReleaseBuildTracksNoResources(t *testing.T) {
	db := startEngine(t)
	ctx := context.Background()
	cases := db.Collection("cases")

	for i := range 20 {
		if _, err := cases.InsertOne(ctx, bson.D{{"_id", i}, {"room", fmt.Sprint(100 + i)}, {"done", false}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := cases.UpdateOne(ctx, bson.D{{"_id", 3}}, bson.D{{"$set", bson.D{{"done", true}}}}); err != nil {
		t.Fatal(err)
	}
	var changed bson.M
	if err := cases.FindOneAndUpdate(ctx, bson.D{{"_id", 4}}, bson.D{{"$set", bson.D{{"done", true}}}}).Decode(&changed); err != nil {
		t.Fatal(err)
	}
	cursor, err := cases.Find(ctx, bson.D{{"done", true}}, options.Find().SetSort(bson.D{{"_id", 1}}))
	if err != nil {
		t.Fatal(err)
	}
	var done []bson.M
	if err := cursor.All(ctx, &done); err != nil {
		t.Fatal(err)
	}
	if len(done) != 2 || done[0]["_id"] != int32(3) || done[1]["_id"] != int32(4) {
		t.Fatalf("done cases: %v", done)
	}

	for _, profile := range pprof.Profiles() {
		if strings.HasPrefix(profile.Name(), "FerretDB/") {
			t.Errorf("resource tracking profile %s holds %d objects", profile.Name(), profile.Count())
		}
	}
}
