// Package neo4j is the graph.Store over Neo4j: a code graph shared by a team,
// written by `callcascade index --neo4j-uri` (from CI, say) and read by every
// editor's server as its graph stage.
//
// Many repositories share one database, each under its own repo_id. Every
// node keeps the properties Cypher users query by (repo_id, path, id, name,
// callee, ...) and the whole fact as a JSON string in `json`, which is what
// the store decodes: fields added to the fact types round-trip without a
// change here.
package neo4j

import (
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"strings"
	"time"
)

// Environment variables read by ConfigFromEnv.
const (
	EnvURI      = "CALLCASCADE_NEO4J_URI"
	EnvUser     = "CALLCASCADE_NEO4J_USER"
	EnvPassword = "CALLCASCADE_NEO4J_PASSWORD"
	EnvDatabase = "CALLCASCADE_NEO4J_DATABASE"
	EnvRepoID   = "CALLCASCADE_REPO_ID"
)

// Defaults for the timeouts a zero Config leaves unset.
const (
	// DefaultTxTimeout bounds a read transaction on the server, so a query
	// the client gave up on does not keep running there.
	DefaultTxTimeout = 5 * time.Second
	// DefaultWriteTxTimeout bounds one write batch on the server.
	DefaultWriteTxTimeout = 2 * time.Minute
	// DefaultRetryTime is the driver's retry window for transient faults.
	// The driver's own default (30 s) is far longer than any editor request
	// waits: the cascade falls through to the next stage instead.
	DefaultRetryTime = 1500 * time.Millisecond
	// DefaultConnectTimeout bounds dialling when the caller's context has
	// no earlier deadline (the index command, say).
	DefaultConnectTimeout = 5 * time.Second
)

// Config says which Neo4j to use and which repository in it.
type Config struct {
	URI      string // neo4j://, neo4j+s://, neo4j+ssc://, bolt://, bolt+s://, bolt+ssc://
	User     string
	Password string
	Database string // "" is the server's default database
	RepoID   string // the partition of the graph this store reads and writes

	TxTimeout      time.Duration // read transactions; 0 means DefaultTxTimeout
	WriteTxTimeout time.Duration // write batches; 0 means DefaultWriteTxTimeout
	RetryTime      time.Duration // driver retry window; 0 means DefaultRetryTime
	ConnectTimeout time.Duration // 0 means DefaultConnectTimeout
}

// ConfigFromEnv reads the CALLCASCADE_NEO4J_* variables and CALLCASCADE_REPO_ID.
func ConfigFromEnv() Config {
	return Config{
		URI:      os.Getenv(EnvURI),
		User:     os.Getenv(EnvUser),
		Password: os.Getenv(EnvPassword),
		Database: os.Getenv(EnvDatabase),
		RepoID:   os.Getenv(EnvRepoID),
	}
}

var supportedSchemes = map[string]bool{
	"neo4j": true, "neo4j+s": true, "neo4j+ssc": true,
	"bolt": true, "bolt+s": true, "bolt+ssc": true,
}

// Validate reports what is missing or malformed, without echoing the URI
// (it may carry credentials).
func (c Config) Validate() error {
	if c.URI == "" {
		return errors.New("neo4j: no URI (set " + EnvURI + " or --neo4j-uri)")
	}
	u, err := url.Parse(c.URI)
	if err != nil {
		return errors.New("neo4j: the URI does not parse (expected neo4j://host:7687)")
	}
	if !supportedSchemes[u.Scheme] {
		return fmt.Errorf("neo4j: unsupported URI scheme %q (neo4j, neo4j+s, neo4j+ssc, bolt, bolt+s or bolt+ssc)", u.Scheme)
	}
	if u.Host == "" {
		return errors.New("neo4j: the URI has no host (expected " + u.Scheme + "://host:7687)")
	}
	if strings.TrimSpace(c.RepoID) == "" {
		return errors.New("neo4j: no repository id (set " + EnvRepoID + " or --repo-id)")
	}
	return nil
}

// Endpoint is the URI without credentials, path or query: what messages
// and logs may show.
func (c Config) Endpoint() string {
	u, err := url.Parse(c.URI)
	if err != nil || u.Host == "" {
		return "neo4j"
	}
	return u.Scheme + "://" + u.Host
}

// credentials are the user and password to log in with: the explicit ones,
// or else those written in the URI's userinfo.
func (c Config) credentials() (user, password string) {
	user, password = c.User, c.Password
	if u, err := url.Parse(c.URI); err == nil && u.User != nil {
		if user == "" {
			user = u.User.Username()
		}
		if p, ok := u.User.Password(); ok && password == "" {
			password = p
		}
	}
	return user, password
}

// driverURI is the URI the driver is given: the userinfo is removed, since
// the driver takes credentials separately and may echo the URI in errors.
func (c Config) driverURI() string {
	u, err := url.Parse(c.URI)
	if err != nil {
		return c.URI
	}
	u.User = nil
	return u.String()
}

func (c Config) txTimeout() time.Duration { return orDefault(c.TxTimeout, DefaultTxTimeout) }
func (c Config) writeTxTimeout() time.Duration {
	return orDefault(c.WriteTxTimeout, DefaultWriteTxTimeout)
}
func (c Config) retryTime() time.Duration { return orDefault(c.RetryTime, DefaultRetryTime) }
func (c Config) connectTimeout() time.Duration {
	return orDefault(c.ConnectTimeout, DefaultConnectTimeout)
}

func orDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// String describes the configuration with the password redacted.
func (c Config) String() string {
	user, password := c.credentials()
	pw := ""
	if password != "" {
		pw = " password=REDACTED"
	}
	db := c.Database
	if db == "" {
		db = "(default)"
	}
	return fmt.Sprintf("neo4j{uri=%s user=%s%s database=%s repo=%s}", c.Endpoint(), user, pw, db, c.RepoID)
}

// LogValue keeps the password out of structured logs.
func (c Config) LogValue() slog.Value {
	user, password := c.credentials()
	attrs := []slog.Attr{
		slog.String("uri", c.Endpoint()),
		slog.String("user", user),
		slog.String("database", c.Database),
		slog.String("repo", c.RepoID),
	}
	if password != "" {
		attrs = append(attrs, slog.String("password", "REDACTED"))
	}
	return slog.GroupValue(attrs...)
}

// GoString keeps the password out of %#v too.
func (c Config) GoString() string { return c.String() }
