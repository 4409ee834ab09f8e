package server

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"go.lsp.dev/protocol"
)

var progressSeq atomic.Int64

// progress reports one long job with $/progress when the client accepts
// server-initiated progress; otherwise it is silent.
//
// The job does not wait for the client to accept the token: an editor busy
// starting up (code-server on a loaded machine) can take seconds to answer
// window/workDoneProgress/create, and the index went on silently when it
// took over five. Begin is sent when the client accepts, with the job's
// progress so far, and end follows at once if the job ended meanwhile.
type progress struct {
	s *Server

	mu      sync.Mutex
	token   *protocol.ProgressToken // set once the client accepted it
	last    uint32                  // percentage last reported (or due, before acceptance)
	message string                  // the last report's message
	ended   bool
	endMsg  string
}

// progressCreateTimeout bounds the wait for the client to accept a token;
// the job runs meanwhile.
const progressCreateTimeout = 60 * time.Second

func (s *Server) beginProgress(ctx context.Context, title string) *progress {
	s.mu.Lock()
	enabled := s.progress
	s.mu.Unlock()
	p := &progress{s: s}
	if !enabled {
		return p
	}
	token := protocol.NewProgressToken("callcascade-" + strconv.FormatInt(progressSeq.Add(1), 10))
	go func() {
		cctx, cancel := context.WithTimeout(ctx, progressCreateTimeout)
		defer cancel()
		if _, err := s.conn.Call(cctx, "window/workDoneProgress/create", &protocol.WorkDoneProgressCreateParams{Token: *token}, nil); err != nil {
			s.log.Debug("client refused progress", "error", err)
			return
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		p.token = token
		p.notify(ctx, &protocol.WorkDoneProgressBegin{Kind: protocol.WorkDoneProgressKindBegin, Title: title, Percentage: p.last, Message: p.message})
		if p.ended {
			p.notify(context.WithoutCancel(ctx), &protocol.WorkDoneProgressEnd{Kind: protocol.WorkDoneProgressKindEnd, Message: p.endMsg})
		}
	}()
	return p
}

func (p *progress) report(ctx context.Context, done, total int) {
	if total == 0 {
		return
	}
	pct := uint32(done * 100 / total)
	p.mu.Lock()
	defer p.mu.Unlock()
	if pct == p.last && done != total {
		return
	}
	p.last = pct
	p.message = fmt.Sprintf("%d/%d files", done, total)
	if p.token == nil || p.ended {
		return // sent with begin, once the client accepts
	}
	p.notify(ctx, &protocol.WorkDoneProgressReport{Kind: protocol.WorkDoneProgressKindReport, Percentage: pct, Message: p.message})
}

func (p *progress) end(ctx context.Context, message string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ended {
		return
	}
	p.ended, p.endMsg = true, message
	if p.token == nil {
		return // sent after begin, if the client accepts
	}
	p.notify(context.WithoutCancel(ctx), &protocol.WorkDoneProgressEnd{Kind: protocol.WorkDoneProgressKindEnd, Message: message})
}

// notify sends one $/progress value; p.mu is held, so values go out in
// order.
func (p *progress) notify(ctx context.Context, value any) {
	if err := p.s.conn.Notify(ctx, protocol.MethodProgress, &protocol.ProgressParams{Token: *p.token, Value: value}); err != nil {
		p.s.log.Debug("progress notification failed", "error", err)
	}
}
