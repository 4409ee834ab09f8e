package neo4j

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/callcascade/callcascade/cascade/graph"
)

// storeError is what every failed store call returns: a message of our
// own (the driver's can quote the URI with its userinfo, or server text),
// one backend class from package graph, and the context's error when the
// caller's context ended.
type storeError struct {
	msg    string
	class  error // graph.ErrUnavailable, ErrUnauthorized, ErrIndexMissing or ErrNotFound; nil for a cancellation
	ctxErr error // context.Canceled or context.DeadlineExceeded, or nil
}

func (e *storeError) Error() string { return e.msg }

func (e *storeError) Unwrap() []error {
	var errs []error
	if e.class != nil {
		errs = append(errs, e.class)
	}
	if e.ctxErr != nil {
		errs = append(errs, e.ctxErr)
	}
	return errs
}

// classify turns a driver error into a storeError. ctx is the caller's
// context: when it ended, its error decides — a deadline is a timeout (a
// backend fault, graph.ErrUnavailable, with context.DeadlineExceeded), a
// cancellation is nobody's fault (context.Canceled alone, which breakers
// ignore).
func (s *Store) classify(ctx context.Context, op string, err error) error {
	prefix := "neo4j at " + s.cfg.Endpoint() + ": " + op + ": "
	var se *storeError
	if errors.As(err, &se) {
		return se
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		if errors.Is(ctxErr, context.Canceled) {
			return &storeError{msg: prefix + "cancelled", ctxErr: context.Canceled}
		}
		what := "timed out"
		if cause := failureBeforeRetry(err); cause != nil {
			// The driver waits about two seconds before its first retry,
			// so a request with a shorter deadline ends in that wait: say
			// what failed, not only that time ran out.
			_, c := describe(cause)
			what = c + " (the deadline passed waiting to retry)"
		}
		return &storeError{msg: prefix + what, class: graph.ErrUnavailable, ctxErr: context.DeadlineExceeded}
	}
	class, what := describe(err)
	e := &storeError{msg: prefix + what, class: class}
	if errors.Is(err, context.DeadlineExceeded) {
		// The store's own deadline (a context without one gets one).
		e.ctxErr = context.DeadlineExceeded
	}
	return e
}

// failureBeforeRetry returns the error of the last attempt when the driver
// gave up waiting to retry it, nil when the attempt itself ran out of time.
func failureBeforeRetry(err error) error {
	var limit *neo4j.TransactionExecutionLimit
	if !errors.As(err, &limit) {
		return nil
	}
	for i := len(limit.Errors) - 1; i >= 0; i-- {
		e := limit.Errors[i]
		if errors.Is(e, context.DeadlineExceeded) || errors.Is(e, context.Canceled) {
			continue
		}
		if _, what := describe(e); what == "timed out" || what == "unavailable" {
			return nil
		}
		return e
	}
	return nil
}

// securityCodes are the server's codes for credentials or permissions the
// user must fix; none of them is a fault of the backend.
func isSecurityCode(code string) bool {
	return strings.HasPrefix(code, "Neo.ClientError.Security.")
}

// describe picks the class and a short description of a driver error. The
// driver's types say little about the cause of a connectivity error (its
// inner errors are not exported), so the text is consulted to choose among
// fixed phrases; it is never copied into the result.
func describe(err error) (class error, what string) {
	var nerr *neo4j.Neo4jError
	if errors.As(err, &nerr) {
		code := nerr.Code
		switch {
		case isSecurityCode(code) && code != "Neo.ClientError.Security.AuthorizationExpired":
			return graph.ErrUnauthorized, "credentials rejected (" + code + ")"
		case code == "Neo.ClientError.Database.DatabaseNotFound":
			return graph.ErrUnavailable, "no such database (" + code + ")"
		case code == "":
			return graph.ErrUnavailable, "server error"
		default:
			return graph.ErrUnavailable, "server error " + code
		}
	}
	var authErr *neo4j.InvalidAuthenticationError
	if errors.As(err, &authErr) {
		return graph.ErrUnauthorized, "credentials rejected"
	}
	var tokenErr *neo4j.TokenExpiredError
	if errors.As(err, &tokenErr) {
		return graph.ErrUnauthorized, "credentials expired (" + tokenErr.Code + ")"
	}
	var limit *neo4j.TransactionExecutionLimit
	if errors.As(err, &limit) && len(limit.Errors) > 0 {
		class, what := describe(limit.Errors[len(limit.Errors)-1])
		return class, what + fmt.Sprintf(" (after %d attempts)", len(limit.Errors))
	}
	text := strings.ToLower(err.Error())
	for _, p := range connectivityPhrases {
		for _, needle := range p.needles {
			if strings.Contains(text, needle) {
				return graph.ErrUnavailable, p.what
			}
		}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return graph.ErrUnavailable, "timed out"
	}
	var usage *neo4j.UsageError
	if errors.As(err, &usage) {
		// Reached with an unexpected handshake or message from the
		// socket: whatever answered is not a Bolt server we can talk to.
		return graph.ErrUnavailable, "unexpected response (is this a Bolt port of Neo4j 4.4 or later?)"
	}
	return graph.ErrUnavailable, "unavailable"
}

// connectivityPhrases map what the driver's messages say to our words,
// most specific first.
var connectivityPhrases = []struct {
	needles []string
	what    string
}{
	{[]string{"connection refused"}, "connection refused"},
	{[]string{"no such host", "server misbehaving"}, "host not found"},
	{[]string{"network is unreachable", "no route to host"}, "host unreachable"},
	{[]string{"x509", "certificate", "tls"}, "TLS handshake failed"},
	{[]string{"responded http"}, "unexpected response (an HTTP port, not Bolt: use port 7687)"},
	{[]string{"i/o timeout", "timeout", "deadline exceeded"}, "timed out"},
	{[]string{"connection reset", "broken pipe", "eof", "closed"}, "connection closed by the server"},
	{[]string{"version", "protocol", "unexpected", "unknown", "invalid", "unsupported", "marker", "chunk"}, "unexpected response (not a Bolt server?)"},
}

// indexMissing is returned when the repository has no files in the graph.
func (s *Store) indexMissing(op string) error {
	return &storeError{
		msg:   fmt.Sprintf("neo4j at %s: %s: repository %q is not indexed (run callcascade index --neo4j-uri ... --repo-id %s)", s.cfg.Endpoint(), op, s.cfg.RepoID, s.cfg.RepoID),
		class: graph.ErrIndexMissing,
	}
}

func (s *Store) notFound(op string) error {
	return &storeError{msg: fmt.Sprintf("neo4j at %s: %s: not found", s.cfg.Endpoint(), op), class: graph.ErrNotFound}
}

// decodeError reports a stored value that does not decode (written by an
// incompatible version, or by hand).
func (s *Store) decodeError(op string, err error) error {
	return &storeError{msg: fmt.Sprintf("neo4j at %s: %s: stored value does not decode: %v", s.cfg.Endpoint(), op, err), class: graph.ErrUnavailable}
}
