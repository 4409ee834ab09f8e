package main

import (
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// `callcascade index --backend neo4j` against a Neo4j that refuses the
// connection: it fails with the store's own message (the endpoint and the
// cause, never the password), writes nothing to stdout, and exits 1.
func TestIndexBackendNeo4jRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	const password = "s3cr3t-index-Pa55"
	cmd := exec.Command(binary, "index", "--backend", "neo4j", "--repo-id", "refused", "testdata/nest-events")
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+t.TempDir(),
		"CALLCASCADE_NEO4J_URI=bolt://"+addr, "CALLCASCADE_NEO4J_USER=neo4j", "CALLCASCADE_NEO4J_PASSWORD="+password)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit: %v, want status 1\nstderr: %s", err, stderr.String())
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout: %q, want nothing", stdout.String())
	}
	msg := stderr.String()
	if !strings.Contains(msg, "neo4j at bolt://"+addr) || !strings.Contains(msg, "connection refused") {
		t.Errorf("stderr does not name the endpoint and the cause:\n%s", msg)
	}
	if strings.Contains(msg, password) {
		t.Errorf("stderr contains the password:\n%s", msg)
	}
}

// An unknown backend is a usage error.
func TestIndexUnknownBackend(t *testing.T) {
	_, errOut, code := run(t, "index", "--backend", "postgres", "testdata/nest-events")
	if code != 2 || !strings.Contains(errOut, "want embedded or neo4j") {
		t.Errorf("exit %d, stderr %q: want 2 and the backends", code, errOut)
	}
}
