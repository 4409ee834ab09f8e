package neo4j_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/graph"
	neo4jstore "github.com/callcascade/callcascade/cascade/graph/neo4j"
)

func TestConfigFromEnv(t *testing.T) {
	t.Setenv("CALLCASCADE_NEO4J_URI", "neo4j+s://graph.example:7687")
	t.Setenv("CALLCASCADE_NEO4J_USER", "indexer")
	t.Setenv("CALLCASCADE_NEO4J_PASSWORD", secret)
	t.Setenv("CALLCASCADE_NEO4J_DATABASE", "code")
	t.Setenv("CALLCASCADE_REPO_ID", "acme/api")
	got := neo4jstore.ConfigFromEnv()
	want := neo4jstore.Config{URI: "neo4j+s://graph.example:7687", User: "indexer", Password: secret, Database: "code", RepoID: "acme/api"}
	if got != want {
		t.Errorf("ConfigFromEnv() = %+v, want %+v", got, want)
	}
}

// Whatever way a configuration is printed or logged, the password (given
// on its own or inside the URI) does not appear.
func TestConfigNeverShowsThePassword(t *testing.T) {
	for _, cfg := range []neo4jstore.Config{
		{URI: "bolt://db:7687", User: "neo4j", Password: secret, RepoID: "r"},
		{URI: "neo4j+s://neo4j:" + secret + "@db:7687/?policy=x", RepoID: "r"},
	} {
		var logged bytes.Buffer
		slog.New(slog.NewTextHandler(&logged, nil)).Info("store", "config", cfg)
		slog.New(slog.NewJSONHandler(&logged, nil)).Info("store", "config", cfg)
		for _, text := range []string{cfg.String(), fmt.Sprintf("%v", cfg), fmt.Sprintf("%+v", cfg), fmt.Sprintf("%#v", cfg), logged.String()} {
			if strings.Contains(text, secret) {
				t.Errorf("password shown in %q", text)
			}
			if !strings.Contains(text, "db:7687") {
				t.Errorf("endpoint missing from %q", text)
			}
		}
	}
}

// Bad configurations are refused with a message saying what to fix, and
// the message never echoes the URI's credentials.
func TestOpenRejectsBadConfig(t *testing.T) {
	cases := []struct {
		name string
		cfg  neo4jstore.Config
		want string
	}{
		{"no URI", neo4jstore.Config{RepoID: "r"}, "no URI"},
		{"http scheme", neo4jstore.Config{URI: "http://u:" + secret + "@db:7474", RepoID: "r"}, "unsupported URI scheme"},
		{"no host", neo4jstore.Config{URI: "bolt://", RepoID: "r"}, "no host"},
		{"no repo id", neo4jstore.Config{URI: "bolt://u:" + secret + "@db:7687"}, "no repository id"},
		{"unparsable", neo4jstore.Config{URI: "bolt://u:" + secret + "@db:port", RepoID: "r"}, "does not parse"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := neo4jstore.Open(context.Background(), c.cfg)
			if err == nil {
				s.Close()
				t.Fatal("Open accepted it")
			}
			if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), secret) {
				t.Errorf("error %q: want %q and no password", err, c.want)
			}
		})
	}
}

// TLS schemes reach the driver as they are: with nothing listening the
// call fails to connect, it does not fail on the scheme.
func TestTLSSchemesPassThrough(t *testing.T) {
	for _, scheme := range []string{"neo4j+s", "neo4j+ssc", "bolt+s", "bolt+ssc"} {
		s, err := neo4jstore.Open(context.Background(), neo4jstore.Config{URI: scheme + "://" + refusedAddr(t), RepoID: "r"})
		if err != nil {
			t.Errorf("%s: Open: %v", scheme, err)
			continue
		}
		if got := s.Config().Endpoint(); !strings.HasPrefix(got, scheme+"://127.0.0.1:") {
			t.Errorf("%s: endpoint %q", scheme, got)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		_, err = s.Files(ctx)
		cancel()
		if !errors.Is(err, graph.ErrUnavailable) || !strings.Contains(err.Error(), "connection refused") {
			t.Errorf("%s: Files: %v, want connection refused", scheme, err)
		}
		s.Close()
	}
}
